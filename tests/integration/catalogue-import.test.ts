/** Importing files of tools and exporting the catalogue (decision 025): the plan, the import, the round trip, the console and its refusals. */
import { beforeEach, describe, expect, it } from "vitest";
import { asc, count, eq, sql } from "drizzle-orm";
import { MESSAGES } from "#common/messages.ts";
import { importCatalogue } from "#server/catalogue/import.ts";
import { exportCatalogue } from "#server/catalogue/export.ts";
import { guessMapping, readImportSource } from "#server/catalogue/sources.ts";
import { categories, importFiles, tagCounts, tools, users } from "#server/db/schema.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { databaseKinds, openTestDatabase } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";

const LONG = "A description long enough for the tool input schema.";

describe.each(databaseKinds)("catalogue import and export on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  const csv = (rows: string[][]) =>
    rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",")).join("\n");
  const countTools = async () => (await database.db.select({ n: count() }).from(tools))[0]!.n;

  it("plans row by row, writes nothing on a dry run, then creates live tools and updates them on a second import", async () => {
    const design = await insertCategory(database.db, { label: "Design Tools" });
    const listed = await insertTool(database.db, {
      name: "Listed",
      website: "https://www.listed.example.com/",
      categories: [design.id],
      isVerified: false,
    });
    const file = csv([
      ["Title", "URL", "Description", "Category", "Tags", "Pricing"],
      ["Alpha", "https://alpha.example.com", LONG, "design-tools", "a, b", "paid"],
      ["Listed again", "http://listed.example.com?utm_source=x", LONG, "Design Tools", "", ""],
      ["Short", "https://short.example.com", "Too short", "design tools", "", ""],
      ["Nowhere", "https://nowhere.example.com", LONG, "Unknown Things", "", ""],
      ["Alpha twice", "https://alpha.example.com/", LONG, "Design Tools", "", ""],
      ["Bad", "not a website", LONG, "Design Tools", "", "lifetime"],
    ]);
    const source = readImportSource("csv", file, {
      name: "Title",
      website: "URL",
      shortDesc: "Description",
      categories: "Category",
      tags: "Tags",
      paymentType: "Pricing",
    });

    const dryRun = await importCatalogue(database.db, source, { dryRun: true });
    expect(dryRun.rows.map((row) => [row.line, row.action, row.reasons])).toEqual([
      [2, "create", []],
      [3, "update", []],
      [4, "refuse", ["Say what the tool does in at least 20 characters"]],
      [5, "refuse", [MESSAGES.catalogue.unknownCategory("Unknown Things")]],
      [6, "refuse", [MESSAGES.catalogue.sameWebsiteAs(2)]],
      [
        7,
        "refuse",
        ["Enter the tool's website address, such as https://example.com", "Choose how the tool is paid for"],
      ],
    ]);
    expect(dryRun.rows[1]).toMatchObject({ toolId: listed.id, changes: ["name", "website", "shortDesc"] });
    expect(await countTools()).toBe(1);

    const imported = await importCatalogue(database.db, source);
    expect(imported.counts).toEqual({ create: 1, update: 1, unchanged: 0, refuse: 4 });
    const alpha = (await database.db.select().from(tools).where(eq(tools.name, "Alpha")))[0]!;
    expect(alpha).toMatchObject({
      isVerified: true,
      isActive: true,
      submittedBy: null,
      categories: [design.id],
      tags: ["a", "b"],
      paymentType: "paid",
    });
    const updated = (await database.db.select().from(tools).where(eq(tools.id, listed.id)))[0]!;
    // The listed tool takes the file's fields and keeps its state (still queued) and its slug.
    expect(updated).toMatchObject({
      name: "Listed again",
      website: "http://listed.example.com",
      isVerified: false,
      slug: listed.slug,
      keywords: ["listed", "again"],
    });
    expect((await database.db.select().from(categories).where(eq(categories.id, design.id)))[0]!.toolCount).toBe(1);

    // The same file again changes nothing: its tools are left as they are, with their update date.
    const written = await database.db
      .select({ id: tools.id, updatedAt: tools.updatedAt })
      .from(tools)
      .orderBy(asc(tools.id));
    const again = await importCatalogue(database.db, source);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 2, refuse: 4 });
    expect(again.rows.slice(0, 2).map((row) => [row.line, row.action])).toEqual([
      [2, "unchanged"],
      [3, "unchanged"],
    ]);
    expect(again.toolIds).toEqual([]);
    expect(
      await database.db.select({ id: tools.id, updatedAt: tools.updatedAt }).from(tools).orderBy(asc(tools.id)),
    ).toEqual(written);
    expect(await countTools()).toBe(2);
    // One field that differs is an update of that tool alone.
    const changed = readImportSource("csv", file.replace("a, b", "a, c"), {
      name: "Title",
      website: "URL",
      shortDesc: "Description",
      categories: "Category",
      tags: "Tags",
      paymentType: "Pricing",
    });
    const third = await importCatalogue(database.db, changed);
    expect(third.counts).toEqual({ create: 0, update: 1, unchanged: 1, refuse: 4 });
    expect(third.toolIds).toEqual([alpha.id]);
    expect(third.rows[0]).toMatchObject({ action: "update", changes: ["tags"], reasons: [] });
    expect((await database.db.select().from(tools).where(eq(tools.id, alpha.id)))[0]!.tags).toEqual(["a", "c"]);
  });

  it("creates missing categories only when asked, and keeps fields a file does not give", async () => {
    const listed = await insertTool(database.db, {
      name: "Kept",
      website: "https://kept.example.com",
      longDesc: "The long text stays.",
      pros: ["Fast"],
    });
    const source = readImportSource(
      "csv",
      csv([
        ["website", "categories", "shortDesc"],
        ["kept.example.com", "Brand New", LONG],
      ]),
      {
        website: "website",
        categories: "categories",
        shortDesc: "shortDesc",
      },
    );
    expect((await importCatalogue(database.db, source)).counts.refuse).toBe(1);
    const result = await importCatalogue(database.db, source, { createCategories: true });
    expect(result.categories).toEqual([{ label: "Brand New", slug: "brand-new", action: "create" }]);
    const tool = (await database.db.select().from(tools).where(eq(tools.id, listed.id)))[0]!;
    const [created] = await database.db.select().from(categories).where(eq(categories.slug, "brand-new"));
    expect(tool).toMatchObject({
      name: "Kept",
      longDesc: "The long text stays.",
      pros: ["Fast"],
      shortDesc: LONG,
      categories: [created!.id],
    });
  });

  it("keeps a listed tool's curated descriptions when asked, in the dry run and the import, and takes a new tool's from the file", async () => {
    const category = await insertCategory(database.db, { label: "Analytics" });
    const listed = await insertTool(database.db, {
      name: "Curated",
      website: "https://curated.example.com",
      shortDesc: "Written by hand by the curator.",
      longDesc: "The curator's long text.",
      categories: [category.id],
      tags: ["old"],
    });
    const file = csv([
      ["name", "website", "shortDesc", "longDesc", "categories", "tags"],
      ["Curated", "curated.example.com", LONG, "A scraped long text.", "Analytics", "new"],
      ["Fresh", "fresh.example.com", LONG, "Its own long text.", "Analytics", "new"],
    ]);
    const source = () =>
      readImportSource("csv", file, {
        name: "name",
        website: "website",
        shortDesc: "shortDesc",
        longDesc: "longDesc",
        categories: "categories",
        tags: "tags",
      });
    // Without the choice, the update would overwrite both descriptions.
    const overwriting = await importCatalogue(database.db, source(), { dryRun: true });
    expect(overwriting.rows[0]).toMatchObject({
      action: "update",
      changes: expect.arrayContaining(["shortDesc", "longDesc", "tags"]),
    });
    const keeping = await importCatalogue(database.db, source(), { keepDescriptions: true, dryRun: true });
    expect(keeping.rows[0]).toMatchObject({ action: "update", changes: ["tags"] });
    await importCatalogue(database.db, source(), { keepDescriptions: true });
    const [curated] = await database.db.select().from(tools).where(eq(tools.id, listed.id));
    expect(curated).toMatchObject({
      shortDesc: "Written by hand by the curator.",
      longDesc: "The curator's long text.",
      tags: ["new"],
    });
    const [fresh] = await database.db.select().from(tools).where(eq(tools.name, "Fresh"));
    expect(fresh).toMatchObject({ shortDesc: LONG, longDesc: "Its own long text." });
  });

  it("imports an awesome list: categories by name or slug, short descriptions refused, never padded", async () => {
    await insertCategory(database.db, { label: "Analytics" });
    await insertCategory(database.db, { label: "Email Marketing" });
    const list = [
      "# Awesome",
      "## Analytics",
      "- [Plausible](https://plausible.io) - Simple, privacy-friendly analytics for websites.",
      "- [Tiny](https://tiny.example.com) - Short.",
      "## email-marketing",
      "- [Buttondown](https://buttondown.email) - Newsletters for people who write them.",
      "## Hosting",
      "- [Host](https://host.example.com) - Hosting for indie makers and their side projects.",
    ].join("\n");
    const result = await importCatalogue(database.db, readImportSource("markdown", list));
    expect(result.rows.map((row) => [row.name, row.action, row.reasons])).toEqual([
      ["Plausible", "create", []],
      ["Tiny", "refuse", ["Say what the tool does in at least 20 characters"]],
      ["Buttondown", "create", []],
      ["Host", "refuse", [MESSAGES.catalogue.unknownCategory("Hosting")]],
    ]);
    expect(
      (await database.db.select({ name: tools.name }).from(tools).orderBy(asc(tools.name))).map((tool) => tool.name),
    ).toEqual(["Buttondown", "Plausible"]);
  });

  it("reads an awesome list as such lists are written: bold entries, one tool under several headings, licences and stars in code spans, and names every other item", async () => {
    const list = [
      "# Awesome open-source alternatives",
      "## Contents",
      "- [Analytics](#analytics)",
      "- [Business Intelligence](#business-intelligence)",
      "## Analytics",
      "### Web analytics",
      "- **[Plausible](https://plausible.io/)** - Simple, privacy-friendly analytics for websites. `AGPL-3.0` `⭐ 21K`",
      "- [Umami](https://umami.is) - A simple, fast, privacy-focused web analytics tool. ([Demo](https://demo.umami.is), [Source Code](https://github.com/umami-software/umami)) `MIT` `Nodejs` `Docker`",
      "- Matomo - A web analytics platform, listed without a link.",
      "## Business Intelligence",
      "- [**Metabase**](https://www.metabase.com) - The simplest way to ask questions of your company's data. `AGPL-3.0` `⭐ 41K`",
      "- [Plausible](https://plausible.io) - Listed here too, under another heading.",
    ].join("\n");
    const source = readImportSource("markdown", list);
    const result = await importCatalogue(database.db, source, { createCategories: true });
    expect(result.rows.map((row) => [row.line, row.name, row.action, row.reasons, row.notes])).toEqual([
      [7, "Plausible", "create", [], ["Also on lines 12: one tool, in each of their categories"]],
      [8, "Umami", "create", [], []],
      [11, "Metabase", "create", [], []],
    ]);
    // Every list item that is no tool is named, with why.
    expect(result.skipped).toEqual([
      { line: 3, reason: MESSAGES.catalogue.tableOfContents },
      { line: 4, reason: MESSAGES.catalogue.tableOfContents },
      { line: 9, reason: MESSAGES.catalogue.notAnItem },
    ]);
    const rows = await database.db
      .select({
        name: tools.name,
        shortDesc: tools.shortDesc,
        licence: tools.licence,
        licenceKind: tools.licenceKind,
        tags: tools.tags,
        repositoryUrl: tools.repositoryUrl,
        categoryCount: sql<number>`cardinality(${tools.categories})`,
      })
      .from(tools)
      .orderBy(asc(tools.name));
    expect(rows).toEqual([
      {
        name: "Metabase",
        shortDesc: "The simplest way to ask questions of your company's data.",
        licence: "AGPL-3.0-only",
        licenceKind: "open-source",
        tags: [],
        repositoryUrl: null,
        categoryCount: 1,
      },
      {
        name: "Plausible",
        shortDesc: "Simple, privacy-friendly analytics for websites.",
        licence: "AGPL-3.0-only",
        licenceKind: "open-source",
        tags: [],
        repositoryUrl: null,
        categoryCount: 2,
      },
      {
        name: "Umami",
        shortDesc: "A simple, fast, privacy-focused web analytics tool.",
        licence: "MIT",
        licenceKind: "open-source",
        tags: ["nodejs", "docker"],
        repositoryUrl: "https://github.com/umami-software/umami",
        categoryCount: 1,
      },
    ]);
  });

  it("reads a repository, a licence and self-hosting, refusing what it cannot read with its message", async () => {
    // The columns as another directory names them: the mapping the console guesses from them.
    const header = ["name", "website", "shortDesc", "categories", "repo", "license", "self-hosted"];
    const file = (rows: Record<string, string>[]) =>
      readImportSource(
        "csv",
        [
          header.join(","),
          ...rows.map((row) =>
            [
              row.name,
              row.website,
              "A tool that does one thing well for makers.",
              "Analytics",
              row.repo,
              row.licence,
              row.self,
            ].join(","),
          ),
        ].join("\n"),
        guessMapping(header),
      );
    await insertCategory(database.db, { label: "Analytics" });
    const rows = [
      {
        name: "Open",
        website: "https://open.example",
        repo: "github.com/acme/open",
        licence: "apache-2.0",
        self: "yes",
      },
      { name: "Closed", website: "https://closed.example", repo: "", licence: "", self: "no" },
      {
        name: "Bad repo",
        website: "https://bad.example",
        repo: "https://gitlab.com/acme/x",
        licence: "MIT",
        self: "no",
      },
      { name: "Bad flag", website: "https://flag.example", repo: "", licence: "MIT", self: "maybe" },
      { name: "Long", website: "https://long.example", repo: "", licence: "x".repeat(201), self: "no" },
    ];
    const result = await importCatalogue(database.db, file(rows));
    expect(result.counts).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 3 });
    expect(result.rows.filter((row) => row.action === "refuse").map((row) => row.reasons)).toEqual([
      ["Enter the repository's address on GitHub, such as https://github.com/owner/name"],
      ["Self-hostable is written true or false"],
      ["A licence has at most 200 characters"],
    ]);
    const created = await database.db
      .select({
        name: tools.name,
        repositoryUrl: tools.repositoryUrl,
        licence: tools.licence,
        licenceKind: tools.licenceKind,
        selfHostable: tools.selfHostable,
      })
      .from(tools)
      .orderBy(tools.name);
    expect(created).toEqual([
      { name: "Closed", repositoryUrl: null, licence: null, licenceKind: null, selfHostable: null },
      {
        name: "Open",
        repositoryUrl: "https://github.com/acme/open",
        licence: "Apache-2.0",
        licenceKind: "open-source",
        selfHostable: "confirmed",
      },
    ]);
    // A second file changes the licence; its kind follows.
    const again = await importCatalogue(database.db, file([{ ...rows[0]!, licence: "BUSL-1.1" }]));
    expect(again.rows[0]!.changes).toEqual(["licence"]);
    const [open] = await database.db.select().from(tools).where(eq(tools.name, "Open"));
    expect([open!.licence, open!.licenceKind]).toEqual(["BUSL-1.1", "source-available"]);
  });

  it("round-trips: the export imported into a fresh database exports the same catalogue, in JSON and in CSV", async () => {
    await seedDemoCatalogue(database.db, { now: new Date("2026-01-01T00:00:00Z") });
    // A repository, a licence as words no list knows, and a maker's declaration the export does not confirm.
    const [first, second] = await database.db.select({ id: tools.id }).from(tools).orderBy(tools.id).limit(2);
    await database.db
      .update(tools)
      .set({ repositoryUrl: "https://github.com/example/tool", licence: "Our own terms", licenceKind: null })
      .where(eq(tools.id, first!.id));
    await database.db.update(tools).set({ selfHostable: "declared" }).where(eq(tools.id, second!.id));
    const exportedAt = new Date("2026-02-01T00:00:00Z");
    const json = await exportCatalogue(database.db, "json", exportedAt);
    for (const fact of [
      '"repository": "https://github.com/example/tool"',
      '"licence": "Our own terms"',
      '"licence": "MIT"',
      '"selfHostable": true',
    ])
      expect(json.text).toContain(fact);
    const csvFile = await exportCatalogue(database.db, "csv", exportedAt);
    expect(json.count).toBeGreaterThan(100);
    const tagsBefore = await database.db.select().from(tagCounts).orderBy(asc(tagCounts.tag));

    const fresh = await openTestDatabase(kind);
    try {
      const result = await importCatalogue(fresh.db, readImportSource("json", json.text));
      expect(result.counts).toEqual({ create: json.count, update: 0, unchanged: 0, refuse: 0 });
      // Imported into the catalogue it came from, an export changes nothing: every field compares equal, dates, FAQs and all.
      expect((await importCatalogue(database.db, readImportSource("json", json.text))).counts).toEqual({
        create: 0,
        update: 0,
        unchanged: json.count,
        refuse: 0,
      });
      expect((await exportCatalogue(fresh.db, "json", exportedAt)).text).toBe(json.text);
      expect(await fresh.db.select().from(tagCounts).orderBy(asc(tagCounts.tag))).toEqual(tagsBefore);
      // The CSV file into a database that has the categories (a CSV file names them, it does not describe them).
      await fresh.db.delete(tools);
      const csvSource = () =>
        readImportSource(
          "csv",
          csvFile.text,
          Object.fromEntries(
            csvFile.text
              .split("\n")[0]!
              .split(",")
              .map((name) => [name, name]),
          ),
        );
      const fromCsv = await importCatalogue(fresh.db, csvSource());
      expect(fromCsv.counts.refuse).toBe(0);
      expect((await importCatalogue(database.db, csvSource())).counts).toEqual({
        create: 0,
        update: 0,
        unchanged: json.count,
        refuse: 0,
      });
      expect((await exportCatalogue(fresh.db, "csv", exportedAt)).text).toBe(csvFile.text);
    } finally {
      await fresh.close();
    }
  });

  it("a large import rebuilds the live counts and drops the visitors' cached pages", async () => {
    const category = await insertCategory(database.db, { label: "Bulk" });
    const before = await app.request("/");
    expect(await before.text()).not.toMatch(/Bulk import \d+/);
    const rows = Array.from({ length: 600 }, (_, n) => [
      `Bulk import ${n}`,
      `https://bulk-import-${n}.example.com`,
      LONG,
      "Bulk",
      n % 2 ? "even-tag" : "odd-tag",
    ]);
    const source = () =>
      readImportSource("csv", csv([["name", "website", "shortDesc", "categories", "tags"], ...rows]), {
        name: "name",
        website: "website",
        shortDesc: "shortDesc",
        categories: "categories",
        tags: "tags",
      });
    const result = await importCatalogue(database.db, source());
    expect(result.counts.create).toBe(600);
    expect((await database.db.select().from(categories).where(eq(categories.id, category.id)))[0]!.toolCount).toBe(600);
    expect(await database.db.select().from(tagCounts).orderBy(asc(tagCounts.tag))).toEqual([
      { tag: "even-tag", count: 300 },
      { tag: "odd-tag", count: 300 },
    ]);
    // The counts trigger is on again: one more live tool counts.
    await insertTool(database.db, { categories: [category.id] });
    expect((await database.db.select().from(categories).where(eq(categories.id, category.id)))[0]!.toolCount).toBe(601);
    expect(await (await app.request("/")).text()).toMatch(/Bulk import \d+/);
    // The same file again writes nothing, and the cached pages stay.
    expect((await app.request("/")).headers.get("x-cache")).toBe("hit");
    expect((await importCatalogue(database.db, source())).counts.unchanged).toBe(600);
    expect((await app.request("/")).headers.get("x-cache")).toBe("hit");
  });

  it("writes each tool's search document as a one-by-one write does, when a large import creates tools and when it changes what they are found by", async () => {
    await insertCategory(database.db, { label: "Bookkeeping" });
    const header = ["name", "website", "shortDesc", "longDesc", "categories", "tags"];
    const rows = (version: string) =>
      Array.from({ length: 600 }, (_, n) => [
        `Ledger ${version} ${n}`,
        `https://ledger-${n}.example.com`,
        `${LONG} It reconciles ${version} accounts.`,
        `Sends **${version}** invoices.`,
        "Bookkeeping",
        `tag-${version}, shared`,
      ]);
    const importRows = (fields: string[], file: string[][]) =>
      importCatalogue(
        database.db,
        readImportSource("csv", csv([fields, ...file]), Object.fromEntries(fields.map((field) => [field, field]))),
      );
    /** Each tool's document as the import wrote it, and as the search trigger writes it again for an edit of the name. */
    const documents = async () => {
      const read = () =>
        database.db
          .select({ id: tools.id, document: sql<string>`${tools.searchVector}::text` })
          .from(tools)
          .orderBy(asc(tools.id));
      const written = await read();
      await database.db.update(tools).set({ name: sql`${tools.name}` });
      return { written, byTrigger: await read() };
    };
    const found = (query: string) =>
      database.db.$count(tools, sql`${tools.searchVector} @@ to_tsquery('english', ${query})`);

    expect((await importRows(header, rows("first"))).counts.create).toBe(600);
    const created = await documents();
    expect(created.written).toEqual(created.byTrigger);
    expect(created.written.every((row) => row.document.length > 0)).toBe(true);
    // By name, tag, category label, short and long description.
    for (const word of ["ledger", "tag-first", "bookkeeping", "reconciles", "invoice"])
      expect(await found(word)).toBe(600);

    // A second file changes every field the document reads; a third only the short description.
    expect((await importRows(header, rows("second"))).counts.update).toBe(600);
    const updated = await documents();
    expect(updated.written).toEqual(updated.byTrigger);
    expect(await found("first")).toBe(0);
    expect(await found("second")).toBe(600);
    const third = Array.from({ length: 600 }, (_, n) => [
      `https://ledger-${n}.example.com`,
      `${LONG} It audits ledgers.`,
    ]);
    expect((await importRows(["website", "shortDesc"], third)).counts.update).toBe(600);
    const partly = await documents();
    expect(partly.written).toEqual(partly.byTrigger);
    expect(await found("audit")).toBe(600);
    expect(await found("reconcile")).toBe(0);
    expect(await found("second & bookkeeping")).toBe(600);
  });

  it("writes a file of several slices as the dry run planned it: a category first named late, a website repeated across slices", async () => {
    await insertCategory(database.db, { label: "Early" });
    // Three slices of 2,000 rows: the category "Late" is first named in the third, and the last row repeats the first's website.
    const rows = Array.from({ length: 4_600 }, (_, n) => [
      `Sliced ${n}`,
      `https://sliced-${n}.example.com`,
      LONG,
      n < 4_500 ? "Early" : "Late",
      "sliced",
    ]);
    rows.push(["Sliced again", "https://www.sliced-0.example.com/", LONG, "Early", "sliced"]);
    const source = () =>
      readImportSource("csv", csv([["name", "website", "shortDesc", "categories", "tags"], ...rows]), {
        name: "name",
        website: "website",
        shortDesc: "shortDesc",
        categories: "categories",
        tags: "tags",
      });
    const planned = await importCatalogue(database.db, source(), { createCategories: true, dryRun: true });
    const result = await importCatalogue(database.db, source(), { createCategories: true });
    expect(result.rows).toEqual(
      planned.rows.map((row) => ({ ...row, toolId: row.toolId === null ? null : expect.any(String) })),
    );
    expect(result.counts).toEqual({ create: 4_600, update: 0, unchanged: 0, refuse: 1 });
    expect(result.rows.at(-1)).toMatchObject({ action: "refuse", reasons: [MESSAGES.catalogue.sameWebsiteAs(2)] });
    expect(result.categories).toEqual([{ label: "Late", slug: "late", action: "create" }]);
    const counted = await database.db
      .select({ label: categories.label, toolCount: categories.toolCount })
      .from(categories)
      .orderBy(asc(categories.label));
    expect(counted).toEqual([
      { label: "Early", toolCount: 4_500 },
      { label: "Late", toolCount: 100 },
    ]);
    // The late category's label is in its tools' search text, so it was written before them.
    expect(await database.db.$count(tools, sql`${tools.searchVector} @@ to_tsquery('english', 'late')`)).toBe(100);
  });

  describe("the console", () => {
    async function signUp(username: string, role?: "verifier" | "admin") {
      const client = createClient(app.request);
      await client.postSolved("/register", {
        username,
        email: `${username.toLowerCase()}@example.com`,
        password: "long-enough",
      });
      if (role) await database.db.update(users).set({ role }).where(eq(users.username, username));
      return client;
    }
    const upload = (name: string, content: BlobPart) => {
      const form = new FormData();
      form.set("intent", "upload");
      form.set("upload", new File([content], name));
      return form;
    };
    /** A page's text as a person reads it: React's markers between interpolated parts removed. */
    const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
    const storedFiles = async () => (await database.db.select({ n: count() }).from(importFiles))[0]!.n;

    it("lets an admin upload, dry-run with a mapping, import, and download the catalogue; nobody else", async () => {
      await insertCategory(database.db, { label: "Design" });
      const file = csv([
        ["Title", "Link", "About", "Section"],
        ["Console Tool", "https://console-tool.example.com", LONG, "Design"],
        ["Tiny", "https://tiny.example.com", "Short", "Design"],
      ]);
      const visitor = createClient(app.request);
      const guest = await signUp("Gus");
      const verifier = await signUp("Vera", "verifier");
      const admin = await signUp("Ada", "admin");

      const visitorUpload = await visitor.postMultipart("/admin/import", upload("tools.csv", file));
      expect(visitorUpload.status).toBe(302);
      expect(visitorUpload.headers.get("location")).toContain("/login");
      expect((await guest.postMultipart("/admin/import", upload("tools.csv", file))).status).toBe(403);
      expect((await verifier.postMultipart("/admin/import", upload("tools.csv", file))).status).toBe(403);
      expect(await storedFiles()).toBe(0);
      expect((await verifier.request("/admin/import")).status).toBe(403);
      expect((await guest.request("/admin/export?format=json")).status).toBe(403);

      const uploaded = await admin.postMultipart("/admin/import", upload("tools.csv", file));
      expect(uploaded.status).toBe(302);
      const page = uploaded.headers.get("location")!;
      const fileId = new URL(page, "http://localhost").searchParams.get("file")!;
      // The guessed mapping takes About for the long description and leaves the short one out: every row is refused, and says why.
      const guessed = await textOf(await admin.request(page));
      expect(guessed).toContain("0 to create, 0 to update, 2 refused");
      const mapped = `${page}&map.name=Title&map.website=Link&map.shortDesc=About&map.categories=Section`;
      const dryRun = await textOf(await admin.request(mapped));
      expect(dryRun).toContain("1 to create, 0 to update, 1 refused");
      expect(dryRun).toContain("Say what the tool does in at least 20 characters");
      expect(await countTools()).toBe(0);

      const importForm = {
        intent: "import",
        file: fileId,
        "map.name": "Title",
        "map.website": "Link",
        "map.shortDesc": "About",
        "map.categories": "Section",
      };
      expect((await verifier.post("/admin/import", importForm)).status).toBe(403);
      expect(await countTools()).toBe(0);
      const done = await admin.post("/admin/import", importForm);
      expect(await textOf(done)).toContain("Imported: 1 created, 0 updated, 1 refused.");
      expect(await countTools()).toBe(1);
      expect(await storedFiles()).toBe(0);
      // The file is gone once imported: a second post says so.
      expect(await (await admin.post("/admin/import", importForm)).text()).toContain(MESSAGES.catalogue.noSuchFile);
      // Uploaded again, the file would change nothing: the dry run says so, and offers no import.
      const second = (await admin.postMultipart("/admin/import", upload("tools.csv", file))).headers.get("location")!;
      const unchanged = await textOf(
        await admin.request(`${second}&map.name=Title&map.website=Link&map.shortDesc=About&map.categories=Section`),
      );
      expect(unchanged).toContain("0 to create, 0 to update, 1 unchanged, 1 refused");
      expect(unchanged).toMatch(/<button type="submit" disabled="" [^>]*>Import 0 tools<\/button>/);
      // With the tool renamed, the row updates it, and says what it changes.
      const renamed = (
        await admin.postMultipart(
          "/admin/import",
          upload("tools.csv", file.replace("Console Tool", "Console Tool Pro")),
        )
      ).headers.get("location")!;
      const update = await textOf(
        await admin.request(`${renamed}&map.name=Title&map.website=Link&map.shortDesc=About&map.categories=Section`),
      );
      expect(update).toContain("0 to create, 1 to update, 1 refused");
      expect(update).toContain("Changes: name");

      const download = await admin.request("/admin/export?format=csv");
      expect(download.headers.get("content-disposition")).toMatch(
        /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(await download.text()).toContain("Console Tool");
      expect((await admin.request("/admin/export?format=xml")).status).toBe(400);
    });

    it("shows a large file's dry run a page of rows at a time, counting them all", async () => {
      await insertCategory(database.db, { label: "Design" });
      const rows = Array.from({ length: 2_500 }, (_, n) => [
        `Paged ${n}`,
        `https://paged-${n}.example.com`,
        n % 10 === 0 ? "Short" : LONG,
        "Design",
      ]);
      const admin = await signUp("Ada", "admin");
      const uploaded = await admin.postMultipart(
        "/admin/import",
        upload("tools.csv", csv([["name", "website", "shortDesc", "categories"], ...rows])),
      );
      const first = await textOf(await admin.request(uploaded.headers.get("location")!));
      expect(first).toContain("2250 to create, 0 to update, 250 refused");
      expect(first).toContain("Shown: lines 2 to 101 of the file&#x27;s 2500 rows.");
      expect(first.match(/data-testid="import-row"/g)).toHaveLength(100);
      const next = /<a href="\/admin\/import(\?[^"]+)"[^>]*data-testid="import-next-rows"/
        .exec(first)![1]!
        .replaceAll("&amp;", "&");
      expect(next).toContain("after=101");
      const second = await textOf(await admin.request(`/admin/import${next}`));
      expect(second).toContain("2250 to create, 0 to update, 250 refused");
      expect(second).toContain("Shown: lines 102 to 201");
      expect(second).toContain("Paged 100");
      expect(second).not.toContain("Paged 99<");
      expect(second).toContain("First rows");
      const last = await textOf(await admin.request(`/admin/import${next.replace("after=101", "after=2401")}`));
      expect(last.match(/data-testid="import-row"/g)).toHaveLength(100);
      expect(last).not.toContain('data-testid="import-next-rows"');
    });

    it("refuses a malformed CSV file, a file that is not text and a 100 MB upload, with a message, keeping nothing", async () => {
      const admin = await signUp("Ada", "admin");
      const malformed = await admin.postMultipart(
        "/admin/import",
        upload("bad.csv", 'name,website\n"Alpha,https://a.example.com\n'),
      );
      expect(malformed.status).toBe(400);
      expect(await malformed.text()).toContain(MESSAGES.catalogue.malformedCsv(2, "a quoted value is never closed"));
      const binary = await admin.postMultipart(
        "/admin/import",
        upload("logo.csv", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x01])),
      );
      expect(await binary.text()).toContain(MESSAGES.catalogue.notText);

      let sent = 0;
      const chunk = new Uint8Array(1_000_000).fill(0x61);
      const huge = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 100) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const tooLarge = await admin.request("/admin/import", {
        method: "POST",
        headers: { origin: "http://localhost:3000", "content-type": "multipart/form-data; boundary=x" },
        body: huge,
        duplex: "half",
      } as RequestInit);
      expect(tooLarge.status).toBe(413);
      expect((await tooLarge.json()).error.message).toBe(MESSAGES.catalogue.fileTooLarge(10_000_000));
      expect(sent).toBeLessThan(100);
      expect(await storedFiles()).toBe(0);
      expect(await countTools()).toBe(0);
    });
  });
});
