/** Reads of tags: how many live tools carry each one, from tag_counts (kept by a trigger, so no page scans the tools). */
import { asc, desc, eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Cursor } from "#common/cursor.ts";
import { TAG_PAGE_SIZE } from "#common/schemas/lists.ts";
import { dependsOn, pageTags } from "../cache/page-tags.ts";
import type { Database } from "../db/client.ts";
import { tagCounts } from "../db/schema.ts";
import { keysetPage } from "../db/keyset.ts";

export type TagCount = { tag: string; count: number };

export type TagPage = { tags: TagCount[]; nextCursor: string | null };

const tagColumns = { tag: tagCounts.tag, count: tagCounts.count };

/** The order of tag_counts_count_idx; a fresh list each time, because drizzle rewrites a set operation's ORDER BY in place. */
const tagOrder = () => [desc(tagCounts.count), asc(tagCounts.tag)];

/**
 * The tags after `cursor` in (count desc, tag asc) order, the order of tag_counts_count_idx.
 * The two directions differ, so no single row comparison can seek to the cursor. Two seeks into the index do:
 * the rest of the cursor's own count, then the lower counts; the outer sort orders at most twice `limit` rows
 * (the plan is checked by a test). The count is compared as bigint, so a forged cursor is never a database error.
 */
export function tagListQuery(db: Database, cursor: Cursor | null | undefined, limit: number) {
  if (!cursor)
    return db
      .select(tagColumns)
      .from(tagCounts)
      .orderBy(...tagOrder())
      .limit(limit);
  const count = sql`${cursor.key}::bigint`;
  return unionAll(
    db
      .select(tagColumns)
      .from(tagCounts)
      .where(sql`${tagCounts.count} = ${count} and ${tagCounts.tag} > ${cursor.id}`)
      .orderBy(...tagOrder())
      .limit(limit),
    db
      .select(tagColumns)
      .from(tagCounts)
      .where(sql`${tagCounts.count} < ${count}`)
      .orderBy(...tagOrder())
      .limit(limit),
  )
    .orderBy(...tagOrder())
    .limit(limit);
}

export function tagQueries(db: Database) {
  return {
    /** Tags of live tools, most used first, one keyset page after `cursor`. */
    async listTags({
      cursor,
      limit = TAG_PAGE_SIZE,
    }: {
      cursor?: Cursor | null;
      limit?: number;
    } = {}): Promise<TagPage> {
      dependsOn(pageTags.tags);
      const rows = await tagListQuery(db, cursor, limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.count, id: last.tag }));
      return { tags: items, nextCursor };
    },

    /** A tag with the number of live tools carrying it; undefined when no live tool does. */
    async findTag(tag: string): Promise<TagCount | undefined> {
      dependsOn(pageTags.tag(tag));
      const [row] = await db.select(tagColumns).from(tagCounts).where(eq(tagCounts.tag, tag)).limit(1);
      return row;
    },
  };
}
