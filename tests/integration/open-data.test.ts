/** The nightly open data dumps (decision 033): written by the daily job, found at stable addresses, and imported back. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { exportCatalogue } from "#server/catalogue/export.ts";
import { importCatalogue } from "#server/catalogue/import.ts";
import { csvColumns, guessMapping, readImportSource } from "#server/catalogue/sources.ts";
import { runDailyJobs } from "#server/jobs.ts";
import { createLogger } from "#server/logger.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { databaseKinds, openTestDatabase } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";

const NIGHT = new Date("2026-03-01T02:00:00Z");

describe.each(databaseKinds)("open data dumps on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  /** The dump of `format` as a visitor downloads it: the stable address, then where it leads. */
  async function download(format: "json" | "csv") {
    const response = await app.request(`/open-data/catalogue.${format}.gz`);
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const location = response.headers.get("location")!;
    expect(location).toBe(`/files/open-data/catalogue.${format}.gz`);
    const file = await app.request(location);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/gzip/);
    expect(file.headers.get("content-encoding")).toBeNull();
    return gunzipSync(Buffer.from(await file.arrayBuffer())).toString("utf8");
  }

  it("the daily job writes the live catalogue as gzipped JSON and CSV, which import back into a fresh directory", async () => {
    const category = await insertCategory(database.db, { label: "Analytics" });
    // As live tools are: verified at some moment (an import takes a missing one for the day the tool was added).
    const verifiedAt = new Date("2026-02-01T00:00:00Z");
    // One with every field a dump carries, some with commas, quotes and lines that CSV must keep.
    await insertTool(database.db, {
      name: "Plausible",
      website: "https://plausible.io",
      shortDesc: "Simple, privacy-friendly analytics for websites.",
      longDesc: '## Why\n\nNo cookies, "no banner".\n\n- Light, fast',
      categories: [category.id],
      tags: ["analytics", "privacy"],
      paymentType: "paid",
      pros: ["Light script, under 1 KB", "Open source"],
      cons: ["No free plan"],
      faq: [{ question: "Is it GDPR-friendly?", answer: "Yes: no cookies,\nno personal data." }],
      isHomeBoosted: true,
      verifiedAt,
    });
    await insertTool(database.db, {
      name: "Umami <b>",
      website: "https://umami.is",
      shortDesc: 'Open source, cookie-free website analytics, "quoted".',
      categories: [category.id],
      verifiedAt,
    });
    await insertTool(database.db, {
      name: "Waiting",
      website: "https://waiting.example.com",
      shortDesc: "A tool still waiting in the queue for review.",
      categories: [category.id],
      isVerified: false,
    });

    await runDailyJobs(app.services, createLogger("silent"), NIGHT);

    const json = await download("json");
    // The same file as the console's export of that moment.
    expect(json).toBe((await exportCatalogue(database.db, "json", NIGHT)).text);
    const catalogue = JSON.parse(json) as { tools: { name: string }[] };
    expect(catalogue.tools.map((tool) => tool.name).sort()).toEqual(["Plausible", "Umami <b>"]);

    const csv = await download("csv");
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.name).sort()).toEqual(["Plausible", "Umami <b>"]);

    // The JSON dump alone, imported into a fresh directory, gives back the same file: it brings its categories.
    const fromJson = await openTestDatabase(kind);
    try {
      const imported = await importCatalogue(fromJson.db, readImportSource("json", json));
      expect(imported.counts).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 0 });
      expect((await exportCatalogue(fromJson.db, "json", NIGHT)).text).toBe(json);
    } finally {
      await fromJson.close();
    }

    // The CSV dump alone, through the same import with its columns guessed as the import screen guesses them, and its
    // categories (named by slug) created: the same tools, and the same CSV file again.
    const fromCsv = await openTestDatabase(kind);
    try {
      const imported = await importCatalogue(fromCsv.db, readImportSource("csv", csv, guessMapping(csvColumns(csv))), {
        createCategories: true,
      });
      expect(imported.counts).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 0 });
      expect((await exportCatalogue(fromCsv.db, "csv", NIGHT)).text).toBe(csv);
      const tools = (text: string) => (JSON.parse(text) as { tools: unknown[] }).tools;
      expect(tools((await exportCatalogue(fromCsv.db, "json", NIGHT)).text)).toEqual(tools(json));
    } finally {
      await fromCsv.close();
    }
  });

  it("rewrites the dumps each night with what changed", async () => {
    const category = await insertCategory(database.db, { label: "Email" });
    await runDailyJobs(app.services, createLogger("silent"), NIGHT);
    expect(JSON.parse(await download("json")).tools).toEqual([]);
    await insertTool(database.db, {
      name: "Buttondown",
      website: "https://buttondown.com",
      shortDesc: "A small, simple newsletter tool for writers.",
      categories: [category.id],
    });
    await runDailyJobs(app.services, createLogger("silent"), new Date(NIGHT.getTime() + 24 * 3_600_000));
    expect(JSON.parse(await download("json")).tools.map((tool: { name: string }) => tool.name)).toEqual(["Buttondown"]);
    // Stored through the file storage, under its own folder (the daily sweep of unused images leaves it alone).
    expect(readFileSync(path.join(app.filesDir, "open-data/catalogue.csv.gz")).subarray(0, 2)).toEqual(
      Buffer.from([0x1f, 0x8b]),
    );
  });

  it("links the dumps, the API and the feeds from the footer's Open data page", async () => {
    const home = await (await app.request("/")).text();
    expect(home).toContain('href="/open-data"');
    const response = await app.request("/open-data");
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const href of [
      "/open-data/catalogue.json.gz",
      "/open-data/catalogue.csv.gz",
      "/api/docs",
      "/rss.xml",
      "/feed.json",
      "/llms.txt",
    ])
      expect(html).toContain(`href="${href}"`);
    // The dumps as a schema.org Dataset, with both files.
    const dataset = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as {
      "@type": string;
      distribution: { contentUrl: string }[];
    };
    expect(dataset["@type"]).toBe("Dataset");
    expect(dataset.distribution.map((file) => file.contentUrl)).toEqual([
      "http://localhost:3000/open-data/catalogue.json.gz",
      "http://localhost:3000/open-data/catalogue.csv.gz",
    ]);
    expect((await app.request("/sitemaps/pages.xml")).status).toBe(200);
    expect(await (await app.request("/sitemaps/pages.xml")).text()).toContain("http://localhost:3000/open-data</loc>");
  });

  it("knows no other dump", async () => {
    expect((await app.request("/open-data/catalogue.xml.gz")).status).toBe(404);
    expect((await app.request("/open-data/..%2Fsecret.gz")).status).toBe(404);
  });
});
