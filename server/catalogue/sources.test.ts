import { describe, expect, it } from "vitest";
import { isAppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import {
  checkReadable,
  csvColumns,
  decodeText,
  detectFormat,
  guessMapping,
  parseMappingFlag,
  readImportSource,
} from "./sources.ts";

function refusalOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (isAppError(error)) return error.message;
    throw error;
  }
  throw new Error("not refused");
}

describe("catalogue sources", () => {
  it("guesses the columns from a header, each column once", () => {
    expect(guessMapping(["Title", "URL", "Description", "Category", "Pricing", "Other"])).toEqual({
      name: "Title",
      website: "URL",
      shortDesc: "Description",
      categories: "Category",
      paymentType: "Pricing",
    });
    expect(guessMapping(["name", "website", "shortDesc", "longDesc", "createdAt"])).toMatchObject({
      shortDesc: "shortDesc",
      longDesc: "longDesc",
      createdAt: "createdAt",
    });
  });

  it("reads a CSV file by its mapping, with quoted lines, and says where each row is", () => {
    const text = 'Title,URL,Notes\nAlpha,https://alpha.example.com,"two\nlines"\nBeta,beta.example.com,x\n';
    const source = readImportSource("csv", text, { name: "Title", website: "URL", longDesc: "Notes" });
    expect(source.columns).toEqual(["Title", "URL", "Notes"]);
    expect(source.tools.map((tool) => [tool.line, tool.values])).toEqual([
      [3, { name: "Alpha", website: "https://alpha.example.com", longDesc: "two\nlines" }],
      [4, { name: "Beta", website: "beta.example.com", longDesc: "x" }],
    ]);
    expect(refusalOf(() => readImportSource("csv", text, { name: "Title" }))).toBe(MESSAGES.catalogue.websiteNotMapped);
    expect(refusalOf(() => readImportSource("csv", text, { website: "Link" }))).toBe(
      MESSAGES.catalogue.unknownColumn("Link"),
    );
  });

  it("refuses a malformed CSV file with the line and the reason", () => {
    expect(refusalOf(() => checkReadable("csv", 'a,b\n1,"2\n'))).toBe(
      MESSAGES.catalogue.malformedCsv(2, "a quoted value is never closed"),
    );
    expect(refusalOf(() => csvColumns('a,"b\n'))).toBe(
      MESSAGES.catalogue.malformedCsv(1, "a quoted value is never closed"),
    );
    // The header alone is read for the columns; the rows under it are checked with the file.
    expect(csvColumns('a,b\n1,"2\n')).toEqual(["a", "b"]);
    expect(refusalOf(() => checkReadable("csv", "a,b\n1,2,3\n"))).toBe(
      MESSAGES.catalogue.malformedCsv(2, "this row does not have as many values as the header"),
    );
    expect(refusalOf(() => checkReadable("csv", "a,b\n"))).toBe(MESSAGES.catalogue.noCsvRows);
  });

  it("refuses a file that is not text", () => {
    expect(
      refusalOf(() => decodeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]))),
    ).toBe(MESSAGES.catalogue.notText);
    expect(refusalOf(() => decodeText(new TextEncoder().encode("a,b\u0000")))).toBe(MESSAGES.catalogue.notText);
    expect(refusalOf(() => decodeText(new TextEncoder().encode("  \n")))).toBe(MESSAGES.catalogue.emptyFile);
  });

  it("reads an awesome list: headings are categories, linked items are tools, the contents are skipped", () => {
    const text = [
      "# Awesome Indie",
      "## Contents",
      "- [Analytics](#analytics)",
      "## Analytics",
      "- [Plausible](https://plausible.io) - Simple, privacy-friendly analytics for websites.",
      "* [Tiny](https://tiny.example.com) — Short.",
      "Some text [with](https://a.example.com) a link.",
      "### [Email](#email)",
      "- [Buttondown](https://buttondown.email/): Newsletters for people who write them.",
    ].join("\n");
    const source = readImportSource("markdown", text);
    expect(source.tools.map((tool) => [tool.line, tool.values])).toEqual([
      [
        5,
        {
          name: "Plausible",
          website: "https://plausible.io",
          shortDesc: "Simple, privacy-friendly analytics for websites.",
          categories: ["Analytics"],
        },
      ],
      [6, { name: "Tiny", website: "https://tiny.example.com", shortDesc: "Short.", categories: ["Analytics"] }],
      [
        9,
        {
          name: "Buttondown",
          website: "https://buttondown.email/",
          shortDesc: "Newsletters for people who write them.",
          categories: ["Email"],
        },
      ],
    ]);
    expect(refusalOf(() => readImportSource("markdown", "# Nothing\n\nText only."))).toBe(
      MESSAGES.catalogue.noAwesomeItems,
    );
  });

  it("knows a format by the file's name or first character, and refuses JSON that is not an export", () => {
    expect(detectFormat("list.md", "")).toBe("markdown");
    expect(detectFormat("tools.csv", "{")).toBe("csv");
    expect(detectFormat("upload", '{"a":1}')).toBe("json");
    expect(refusalOf(() => readImportSource("json", '{"tools": []}'))).toBe(MESSAGES.catalogue.notAnExport);
    expect(refusalOf(() => readImportSource("json", "{not json"))).toBe(MESSAGES.catalogue.notAnExport);
  });

  it("reads a mapping from the command line, refusing a field that does not exist", () => {
    expect(parseMappingFlag("name=Title,website=URL,shortDesc=A=B")).toEqual({
      name: "Title",
      website: "URL",
      shortDesc: "A=B",
    });
    expect(refusalOf(() => parseMappingFlag("title=Title"))).toBe(MESSAGES.catalogue.unknownField("title"));
  });
});
