/** Every public route, as a search engine reads it: status, title, description and canonical URL in the server's HTML. */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { TopListPage } from "#server/content/top-lists.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { alternativesPath, comparePath, licencePath, toolReviewsPath } from "#common/page-paths.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestDatabase } from "../setup/fixtures.ts";

const SITE = "http://localhost:3000";

describe.each(databaseKinds)("every route's metadata on %s", (kind) => {
  const database = useTestDatabase(kind);
  // The app starts over the demo catalogue.
  beforeAll(async () => {
    await seedDemoCatalogue(database.db);
  });
  const app = useResource(() => createTestApp(database));
  let topListPages: TopListPage[] = [];
  const paths: string[] = [
    "/",
    "/tools",
    "/categories",
    "/tags",
    "/searches",
    "/blog",
    "/open-data",
    "/deals",
    "/terms-of-service.html",
    "/privacy-policy.html",
  ];

  beforeAll(async () => {
    await app.services.search.recordSearch("email-marketing", 1);
    const { tools } = await app.services.tools.listLatestTools({ limit: 1 });
    const tool = tools[0]!;
    paths.push(
      `/tool/${tool.slug}`,
      `/category/${tool.categories[0]!.slug}`,
      "/tag/open-source",
      "/search/email-marketing",
    );
    // Its alternatives, and the comparison with the closest.
    const detail = (await app.services.tools.findPublicToolBySlug(tool.slug))!;
    const { alternatives } = await app.services.tools.listAlternatives(detail, { limit: 1 });
    paths.push(alternativesPath(tool.slug), comparePath(tool.slug, alternatives[0]!.slug), toolReviewsPath(tool.slug));
    // Open-source alternatives: those of the demo's first open-source tool, which has some.
    const openSource = (await app.services.tools.listTools({ licenceKind: "open-source", limit: 1 })).tools[0]!;
    paths.push(alternativesPath(openSource.slug, "open-source"), licencePath("MIT"));
    topListPages = await app.services.topLists.listTopLists();
    paths.push(...topListPages.map((page) => page.path));
    const posts = await app.services.blog.listAllPosts();
    paths.push(...posts.map((post) => `/blog/${post.slug}`));
  });

  it("covers every kind of page", () => {
    expect(paths.length).toBeGreaterThanOrEqual(10 + 4 + 5 + 19 + 3);
  });

  it("answers 200 with a title, a description and an absolute canonical URL on every route", async () => {
    for (const path of paths) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(title!.length, path).toBeLessThanOrEqual(120);
      const description = /<meta name="description" content="([^"]+)"\/>/.exec(html)?.[1];
      expect(description, path).toBeTruthy();
      // Search engines show 160 characters: a longer text is cut at a word.
      const text = description!.replace(/&(?:amp|quot|lt|gt|#x27|#39);/g, "_");
      expect(text.length, path).toBeLessThanOrEqual(160);
      expect(html, path).toContain(`<link rel="canonical" href="${SITE}${path}"/>`);
      expect(html, path).toContain('<meta property="og:title"');
      // A link preview image of its own, or the home page's (decision 035), at an absolute, versioned address.
      expect(html, path).toMatch(
        /<meta property="og:image" content="http:\/\/localhost:3000\/og\/[a-z0-9/-]+\.png\?v=[0-9a-f]{8}"\/>/,
      );
      expect(html, path).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    }
  });

  it("serves every page's link preview image as a 1200x630 PNG", async () => {
    const images = new Set<string>();
    for (const path of paths) {
      const html = await (await app.request(path)).text();
      images.add(/<meta property="og:image" content="([^"]+)"\/>/.exec(html)![1]!.replace(SITE, ""));
    }
    expect(images.size).toBeGreaterThan(5);
    for (const image of images) {
      const redirect = await app.request(image);
      expect(redirect.status, image).toBe(302);
      const png = Buffer.from(await (await app.request(redirect.headers.get("location")!)).arrayBuffer());
      const { format, width, height } = await sharp(png).metadata();
      expect([format, width, height], image).toEqual(["png", 1200, 630]);
    }
  });

  it("gives each top-list its own title, description and tools", async () => {
    for (const page of topListPages) {
      const html = await (await app.request(page.path)).text();
      expect(html, page.path).toContain(`<title>${page.seo.title.replaceAll("&", "&amp;")}`);
      expect(html, page.path).toContain(page.title.replaceAll("&", "&amp;"));
      for (const section of page.sections)
        expect(html, page.path).toContain(section.heading.replaceAll("&", "&amp;").replaceAll("'", "&#x27;"));
      expect((html.match(/data-testid="tool-card"/g) ?? []).length, page.path).toBeGreaterThan(0);
    }
  });
});
