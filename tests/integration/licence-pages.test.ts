/**
 * A licence's page (/licence/{id}, decision 060) through the real app: its live tools newest first, keyset-paged, the
 * count kept on every write, the page kept for visitors until one of its tools changes, its meta and its place in the
 * sitemap, the addresses that lead to it, and the reads' plans.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { tools } from "#server/db/schema.ts";
import { licencesQuery } from "#server/feeds/queries.ts";
import { licenceToolsQuery } from "#server/tools/read/lists.ts";
import { insertTool, insertTools } from "../factories.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { sitemapLocs } from "../setup/xml.ts";

const SITE = "http://localhost:3000";

describe.each(databaseKinds)("licence pages on %s", (kind) => {
  const { database, app } = useTestApp(kind, { LOCALES: "en,fr,es" });

  beforeEach(() => database.reset());

  const mit = { licence: "MIT", licenceKind: "open-source" } as const;

  it("lists a licence's live tools newest first, a page at a time, with its count, kind, meta and structured data", async () => {
    const listed = await insertTools(database.db, PAGE_SIZE + 2, new Date("2026-03-01T00:00:00Z"), mit);
    await insertTool(database.db, { name: "Hidden MIT", ...mit, isActive: false });
    await insertTool(database.db, { name: "Waiting MIT", ...mit, isVerified: false });
    await insertTool(database.db, { name: "Apache tool", licence: "Apache-2.0", licenceKind: "open-source" });
    const response = await app.request("/licence/mit");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Tools under the MIT License");
    expect(html).toContain(`<link rel="canonical" href="${SITE}/licence/mit"/>`);
    expect(html).toContain('<meta property="og:title" content="Tools under the MIT License');
    expect(html).toContain(`content="${PAGE_SIZE + 2} tools listed on`);
    expect(html).not.toContain('content="noindex"');
    expect(html).toMatch(/SPDX id MIT · 26 tools/);
    expect(html).toContain("OSI-approved: you may use, change and share it.");
    expect(html).not.toContain("Hidden MIT");
    expect(html).not.toContain("Waiting MIT");
    expect(html).not.toContain("Apache tool");
    // Newest first: insertTools makes each tool a minute older than the one before.
    const newestFirst = listed;
    const itemList = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as { "@type": string; itemListElement: { url?: string; item?: string }[] })
      .find((script) => script["@type"] === "ItemList")!;
    expect(itemList.itemListElement.map((element) => element.url)).toEqual(
      newestFirst.slice(0, PAGE_SIZE).map((tool) => `${SITE}/tool/${tool.slug}`),
    );
    // The next page holds the two oldest, and is not indexed.
    const next = /href="(\/licence\/mit\?cursor=[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toBeTruthy();
    const later = await (await app.request(next!)).text();
    for (const tool of newestFirst.slice(PAGE_SIZE)) expect(later).toContain(`/tool/${tool.slug}"`);
    expect(later).not.toContain(`/tool/${newestFirst[0]!.slug}"`);
    expect(later).toContain('<meta name="robots" content="noindex"/>');
  });

  it("follows a tool that joins, changes or leaves the licence, in its count and its page kept for visitors", async () => {
    const tool = await insertTool(database.db, { name: "Counter", ...mit });
    await insertTool(database.db, { name: "Other", ...mit });
    const summary = async (path: string) => {
      const response = await app.request(path);
      return { cache: response.headers.get("x-cache"), html: await response.text() };
    };
    expect((await summary("/licence/mit")).html).toMatch(/SPDX id MIT · 2 tools/);
    expect((await summary("/licence/mit")).cache).toBe("hit");

    await database.db.update(tools).set({ name: "Counter Pro" }).where(eq(tools.id, tool.id));
    const renamed = await summary("/licence/mit");
    expect(renamed.cache).toBe("miss");
    expect(renamed.html).toContain("Counter Pro");

    await database.db.update(tools).set({ licence: "Apache-2.0" }).where(eq(tools.id, tool.id));
    const left = await summary("/licence/mit");
    expect(left.cache).toBe("miss");
    expect(left.html).toMatch(/SPDX id MIT · 1 tool</);
    expect(left.html).not.toContain("Counter Pro");
    expect((await summary("/licence/apache-2.0")).html).toContain("Counter Pro");

    await database.db.update(tools).set({ isActive: false }).where(eq(tools.id, tool.id));
    const hidden = await summary("/licence/apache-2.0");
    expect(hidden.html).toContain("No tool under this licence yet.");
    expect(hidden.html).toContain('<meta name="robots" content="noindex"/>');
    expect(hidden.html).toContain('href="/tools?licence=open-source"');
  });

  it("leads an id in another case or an older one to the licence's address, and has no page for others", async () => {
    await insertTool(database.db, { licence: "GPL-3.0-only", licenceKind: "open-source" });
    for (const [path, location] of [
      ["/licence/MIT", "/licence/mit"],
      ["/licence/gpl-3.0", "/licence/gpl-3.0-only"],
      ["/licence/Apache-2.0?cursor=", "/licence/apache-2.0?cursor="],
      ["/fr/licence/MIT", "/fr/licence/mit"],
    ]) {
      const response = await app.request(path!);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("location"), path).toBe(location);
    }
    // Source-available licences have a page, in every language; proprietary ones, expressions and unknown words do not.
    for (const path of ["/licence/busl-1.1", "/fr/licence/mit", "/es/licence/gpl-3.0-only"])
      expect((await app.request(path)).status, path).toBe(200);
    for (const path of [
      "/licence/licenseref-proprietary",
      "/licence/mit%20or%20apache-2.0",
      "/licence/no-such-licence",
      "/licence/cc0-1.0",
      `/licence/${"a".repeat(300)}`,
    ])
      expect((await app.request(path)).status, path).toBe(404);
    // A cursor of another order is refused with its message.
    const forged = await app.request(`/licence/mit?cursor=${Buffer.from('{"k":"a","i":"x"}').toString("base64url")}`);
    expect(forged.status).toBe(400);
  });

  it("links a tool's licence to its page, and lists in the sitemap the licences live tools have", async () => {
    const tool = await insertTool(database.db, { name: "Linked", ...mit });
    const unknown = await insertTool(database.db, { name: "Odd", licence: "Some words" });
    await insertTool(database.db, { licence: "BUSL-1.1", licenceKind: "source-available" });
    await insertTool(database.db, { licence: "LicenseRef-Proprietary", licenceKind: "proprietary" });
    await insertTool(database.db, { licence: "Apache-2.0", licenceKind: "open-source", isActive: false });
    const page = await (await app.request(`/tool/${tool.slug}`)).text();
    expect(page).toMatch(/<a[^>]*href="\/licence\/mit"[^>]*>MIT License<\/a>/);
    const odd = await (await app.request(`/tool/${unknown.slug}`)).text();
    expect(odd).toContain("Some words (licence not recognised)");
    expect(odd).not.toContain('href="/licence/');

    const licences = (await sitemapLocs(app.request)).filter((loc) => loc.startsWith(`${SITE}/licence/`));
    expect(licences.toSorted()).toEqual([`${SITE}/licence/busl-1.1`, `${SITE}/licence/mit`]);
  });

  it("reads a licence's page as a range of tools_public_licence_idx, and the sitemap's licences by their count", async () => {
    await insertTools(database.db, 300, new Date("2026-01-01T00:00:00Z"), { licence: "Apache-2.0" });
    await insertTools(database.db, 300, new Date("2025-01-01T00:00:00Z"), mit);
    await database.db.execute(sql`analyze tools`);
    for (const cursor of [null, { key: Date.parse("2025-01-01T00:00:10Z"), id: "tzzz" }]) {
      const plan = await explainMainPlan(database.db, licenceToolsQuery(database.db, "MIT", { cursor, limit: 25 }));
      expect(plan).toContain("tools_public_licence_idx");
      expect(plan).not.toMatch(/Sort|Seq Scan/);
    }
    await database.db.execute(
      sql`insert into facet_counts (scope, kind, value, count) select '', 'i', 'words ' || n, 1 from generate_series(1, 5000) n`,
    );
    await database.db.execute(sql`analyze facet_counts`);
    const sitemapRead = await explainMainPlan(database.db, licencesQuery(database.db, 1000));
    expect(sitemapRead).toContain("facet_counts_top_licences_idx");
    expect(sitemapRead).not.toMatch(/Sort/);
  });
});
