import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "#common/zod.ts";
import { frontmatterDate, frontmatterText, parseMarkdownFile, readMarkdownFolder } from "./markdown-files.ts";

const post = z.strictObject({ title: frontmatterText, description: frontmatterText, date: frontmatterDate });

const valid = ["---", "title: Launching: a checklist", 'description: "What to do, and when"', "date: 2026-08-04", "---", "", "## First", "", "Text."].join("\n");

describe("parseMarkdownFile", () => {
  it("reads the frontmatter and the Markdown after it", () => {
    expect(parseMarkdownFile("post.md", valid, post)).toEqual({
      data: { title: "Launching: a checklist", description: "What to do, and when", date: "2026-08-04" },
      body: "## First\n\nText.",
    });
  });

  it("reads Windows line ends and a byte order mark the same way", () => {
    const windows = parseMarkdownFile("post.md", `\uFEFF${valid.replaceAll("\n", "\r\n")}`, post);
    expect(windows.data).toEqual(parseMarkdownFile("post.md", valid, post).data);
    expect(windows.body).toBe("## First\r\n\r\nText.");
  });

  it("refuses a file without a frontmatter block, naming the file", () => {
    expect(() => parseMarkdownFile("content/blog/bare.md", "# Just text\n", post)).toThrow(/^content\/blog\/bare\.md: no frontmatter block/);
    expect(() => parseMarkdownFile("content/blog/open.md", "---\ntitle: Never closed\n\nText", post)).toThrow(/^content\/blog\/open\.md: no frontmatter block/);
  });

  it("names a missing key", () => {
    const text = valid.replace("description: \"What to do, and when\"\n", "");
    expect(() => parseMarkdownFile("content/blog/short.md", text, post)).toThrow("content/blog/short.md: 'description' is missing");
  });

  it("names an empty value and an unknown key", () => {
    expect(() => parseMarkdownFile("a.md", valid.replace("title: Launching: a checklist", "title:"), post)).toThrow("a.md: 'title' is empty");
    expect(() => parseMarkdownFile("a.md", valid.replace("date:", "author: Me\ndate:"), post)).toThrow(/^a\.md: .*author/);
  });

  it.each(["2026-13-01", "2026-02-30", "4 August 2026", "2026-8-4"])("refuses the date %s", (date) => {
    expect(() => parseMarkdownFile("content/blog/dated.md", valid.replace("2026-08-04", date), post)).toThrow(
      "content/blog/dated.md: 'date' must be a real date written YYYY-MM-DD",
    );
  });

  it("refuses a line that is not 'key: value', a repeated key, and a file with no text", () => {
    expect(() => parseMarkdownFile("a.md", valid.replace("date: 2026-08-04", "date 2026-08-04"), post)).toThrow("a.md: frontmatter line 4 is not 'key: value'");
    expect(() => parseMarkdownFile("a.md", valid.replace("date:", "title: Again\ndate:"), post)).toThrow("a.md: frontmatter key 'title' is given twice");
    expect(() => parseMarkdownFile("a.md", valid.slice(0, valid.indexOf("## First")), post)).toThrow("a.md: no text after the frontmatter block");
  });
});

describe("readMarkdownFolder", () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("reads every .md file of a folder in name order, and names a broken one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "markdown-files-"));
    folder = dir;
    writeFileSync(path.join(dir, "b-second.md"), valid);
    writeFileSync(path.join(dir, "a-first.md"), valid.replace("Launching: a checklist", "First"));
    writeFileSync(path.join(dir, "notes.txt"), "not Markdown");
    expect(readMarkdownFolder(dir, post).map((file) => [file.name, file.data.title])).toEqual([
      ["a-first", "First"],
      ["b-second", "Launching: a checklist"],
    ]);

    writeFileSync(path.join(dir, "c-broken.md"), "no frontmatter");
    expect(() => readMarkdownFolder(dir, post)).toThrow(/c-broken\.md: no frontmatter block/);
  });
});
