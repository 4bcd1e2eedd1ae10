/** Reads the Markdown files of content/ (blog posts, legal pages): a `---` block of `key: value` lines checked by a Zod schema, then the text. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "#common/zod.ts";
import { PROJECT_ROOT } from "../paths.ts";

export type MarkdownFile<T> = {
  /** The file's name without its folder and its `.md` extension. */
  name: string;
  data: T;
  /** The Markdown after the frontmatter block. */
  body: string;
};

/** The whole block, from the first line `---` to the next; a UTF-8 byte order mark or Windows line ends change nothing. */
const FRONTMATTER = /^\uFEFF?---\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;
const KEY_VALUE = /^([A-Za-z][\w-]*)[ \t]*:[ \t]*(.*)$/;

/** A required text value: says "is missing" rather than Zod's "expected string, received undefined". */
export const frontmatterText = z
  .string({ error: (issue) => (issue.input === undefined ? "is missing" : "must be text") })
  .min(1, "is empty");

/** A YYYY-MM-DD date that exists on the calendar (2026-02-30 is refused). */
export const frontmatterDate = z.iso.date({ error: (issue) => (issue.input === undefined ? "is missing" : "must be a real date written YYYY-MM-DD") });

/**
 * Splits one file into its checked frontmatter and its Markdown.
 * Throws an Error that names the file and the problem: a broken content file fails loudly, with what to fix, instead of
 * showing a page with holes.
 */
export function parseMarkdownFile<T>(fileName: string, text: string, schema: z.ZodType<T>): Omit<MarkdownFile<T>, "name"> {
  const fail = (problem: string): never => {
    throw new Error(`${fileName}: ${problem}`);
  };

  const block = FRONTMATTER.exec(text);
  if (!block) return fail("no frontmatter block: the file must start with a line '---', then 'key: value' lines, then a line '---'");

  const fields: Record<string, string> = {};
  (block[1] ?? "").split(/\r?\n/).forEach((line, index) => {
    if (!line.trim()) return;
    const match = KEY_VALUE.exec(line);
    if (!match) return fail(`frontmatter line ${index + 2} is not 'key: value': ${JSON.stringify(line)}`);
    const [, key, value] = match as unknown as [string, string, string];
    if (key in fields) return fail(`frontmatter key '${key}' is given twice`);
    fields[key] = unquote(value.trim());
  });

  const result = schema.safeParse(fields);
  if (!result.success) {
    return fail(result.error.issues.map((issue) => (issue.path.length ? `'${issue.path.join(".")}' ${issue.message}` : issue.message)).join("; "));
  }

  const body = text.slice(block[0].length).trim();
  if (!body) return fail("no text after the frontmatter block");
  return { data: result.data, body };
}

/** Authors used to YAML quote values; a pair of matching quotes around the whole value is not part of it. */
function unquote(value: string): string {
  const match = /^(["'])(.*)\1$/.exec(value);
  return match ? match[2]! : value;
}

/** Every `.md` file of a folder, parsed, in file-name order. Errors name the file from the project (content/blog/x.md). */
export function readMarkdownFolder<T>(directory: string, schema: z.ZodType<T>): MarkdownFile<T>[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => {
      const fullPath = path.join(directory, file);
      const shownName = path.relative(PROJECT_ROOT, fullPath);
      return { name: file.slice(0, -".md".length), ...parseMarkdownFile(shownName, readFileSync(fullPath, "utf8"), schema) };
    });
}
