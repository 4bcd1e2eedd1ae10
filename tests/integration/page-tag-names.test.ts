/**
 * The page cache's tags have one vocabulary (server/cache/page-tags.ts), and the database's trigger functions send
 * them after each write: every name a trigger function of the migrated database writes must be one of that vocabulary's
 * names or prefixes, or the pages that show what it changed would stay in the cache.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageTags } from "#server/cache/page-tags.ts";
import { rowsOf } from "#server/db/client.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";

/** The vocabulary: the tags that are names ("tools"), and the prefixes of those made with a value ("tool:"). */
const TAGS: (string | ((value: string) => string))[] = Object.values(pageTags);
const NAMES = new Set(TAGS.filter((tag) => typeof tag === "string"));
const PREFIXES = new Set(TAGS.flatMap((tag) => (typeof tag === "function" ? [tag("")] : [])));

/**
 * The tag names a function's source writes: a literal before `||` or a `LIKE '…%'` is a prefix, a literal in an
 * ARRAY[...] or compared with `<>` a name. A `CONSTANT text[]` is a list of columns, not of tags.
 */
export function tagsWrittenBy(source: string): { names: string[]; prefixes: string[] } {
  const code = source.replace(/\w+\s+CONSTANT\s+text\[\]\s*:=\s*ARRAY\[[^\]]*\]/gi, "");
  const prefixes = [...code.matchAll(/'([^']*)'\s*\|\|/g), ...code.matchAll(/LIKE\s+'([^'%]*)%'/gi)].map(
    (match) => match[1]!,
  );
  // Each literal of an array in turn, a prefix (followed by ||) left out.
  const inArrays = [...code.matchAll(/ARRAY\[([^\]]*)\]/gi)].flatMap(([, items]) =>
    [...items!.matchAll(/'([^']*)'/g)]
      .filter((literal) => !/^\s*\|\|/.test(items!.slice(literal.index + literal[0].length)))
      .map((literal) => literal[1]!),
  );
  // A list's tag compared with a name (TG_OP is the trigger's operation).
  const compared = [...code.matchAll(/(\w+)\s*<>\s*'([^']*)'/g)]
    .filter((match) => match[1]!.toUpperCase() !== "TG_OP")
    .map((match) => match[2]!);
  return { names: [...inArrays, ...compared], prefixes };
}

describe("the page cache's tag names", () => {
  let database: TestDatabase;
  let functions: { name: string; source: string }[];

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    // The functions as the migrations left them (a later migration replaces an earlier definition).
    const rows = rowsOf<{ name: string; source: string }>(
      await database.db.execute(sql`
        select p.proname as name, p.prosrc as source from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
        where n.nspname = 'public' and l.lanname in ('sql', 'plpgsql')`),
    );
    // Those that send tags, and those that make the tags they send.
    functions = rows.filter((row) => row.source.includes("page_cache_notify(") || /_tags$/.test(row.name));
  });
  afterAll(() => database.close());

  it("are the vocabulary's, in every trigger function that sends them", () => {
    expect(functions.map((row) => row.name)).toEqual(
      expect.arrayContaining(["tool_list_tags", "tool_change_tags", "categories_notify_page_cache"]),
    );
    const unknown = functions.flatMap(({ name, source }) => {
      const { names, prefixes } = tagsWrittenBy(source);
      return [
        ...names.filter((tag) => !NAMES.has(tag) && !PREFIXES.has(tag)).map((tag) => `${name}: '${tag}'`),
        ...prefixes.filter((prefix) => !PREFIXES.has(prefix)).map((prefix) => `${name}: '${prefix}' ||`),
      ];
    });
    expect(unknown).toEqual([]);
  });

  it("would see a name the vocabulary lacks", () => {
    const planted = tagsWrittenBy(`BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM page_cache_notify(ARRAY['categoris', 'profile:' || o.slug] || ARRAY(SELECT 'categry:' || c FROM unnest(n.categories) AS c));
      END IF;
      RETURN ARRAY(SELECT l FROM unnest(tags) AS l WHERE l <> 'by-maker');
    END;`);
    expect(planted).toEqual({ names: ["categoris", "by-maker"], prefixes: ["profile:", "categry:"] });
    expect(
      tagsWrittenBy(`unseen CONSTANT text[] := ARRAY['views', 'trending']; BEGIN RETURN ARRAY['tool:' || n.id]; END`),
    ).toEqual({
      names: [],
      prefixes: ["tool:"],
    });
  });
});
