/** What search engines and feed readers fetch, served by Hono without React: robots.txt, the sitemaps and the RSS feeds. */
import { MESSAGES } from "#common/messages.ts";
import { type Context, Hono } from "hono";
import { etag } from "hono/etag";
import type { Config } from "../config.ts";
import { buildRss, findCategoryRss } from "../feeds/rss.ts";
import { buildSitemap, findSitemapFile } from "../feeds/sitemap.ts";
import type { Services } from "../services.ts";

const CACHE_CONTROL = "public, max-age=3600";
const SITEMAP_TYPE = "application/xml; charset=utf-8";
const RSS_TYPE = "application/rss+xml; charset=utf-8";
const SITEMAP_FILE = /^([1-9][0-9]{0,8})\.xml$/;

export function createFeeds(services: Services, config: Config) {
  const feeds = new Hono();
  // A reader or a crawler that has a feed already gets a 304.
  feeds.use("*", etag());
  const site = { siteUrl: config.SITE_URL, siteName: config.SITE_NAME };
  const robots = ["User-agent: *", "Allow: /", "Disallow: /api/", `Sitemap: ${config.SITE_URL}/sitemap.xml`, ""].join("\n");

  feeds.get("/robots.txt", (c) => send(c, robots, "text/plain; charset=utf-8"));

  feeds.get("/sitemap.xml", async (c) => send(c, await buildSitemap(services, site), SITEMAP_TYPE));

  feeds.get("/sitemaps/:file", async (c) => {
    const match = SITEMAP_FILE.exec(c.req.param("file"));
    const xml = match ? await findSitemapFile(services, Number(match[1]), site) : null;
    return xml === null ? c.text(MESSAGES.page.noSuchSitemapFile, 404) : send(c, xml, SITEMAP_TYPE);
  });

  feeds.get("/rss.xml", async (c) => send(c, await buildRss(services, site), RSS_TYPE));

  feeds.get("/category/:slug/rss.xml", async (c) => {
    const slug = c.req.param("slug");
    const xml = await findCategoryRss(services, slug, site);
    if (xml !== null) return send(c, xml, RSS_TYPE);
    const moved = await services.categories.findMovedCategorySlug(slug);
    return moved ? c.redirect(`/category/${moved}/rss.xml`, 301) : c.text("No category found with this slug", 404);
  });

  return feeds;
}

function send(c: Context, body: string, contentType: string): Response {
  return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": CACHE_CONTROL });
}
