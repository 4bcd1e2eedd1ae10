/**
 * What search engines, feed readers, language models and other sites fetch, served by Hono without React: robots.txt,
 * the sitemaps, the RSS and JSON feeds (the site's, each category's, each tag's, each tool's reviews), /llms.txt, the tools' badges, and the
 * stable addresses of the nightly open data dumps.
 * The sitemap, the feeds and llms.txt are kept in the page cache like pages (decision 038): built once, from bounded
 * reads, however many ask at the same time, and served again until a write drops what they show; each carries an ETag,
 * and a reader that has it already gets a 304 (docs/decisions/027).
 */
import { say } from "#common/i18n/say.ts";
import { type Locale, localeBasename } from "#common/locales.ts";
import { MESSAGES } from "#common/messages.ts";
import { openDataPath } from "#common/page-paths.ts";
import { badgeQuery } from "#common/schemas/feeds.ts";
import { slugParam } from "#common/schemas/fields.ts";
import { invalidInput } from "#common/input-errors.ts";
import { type Context, Hono } from "hono";
import { etag } from "hono/etag";
import { OPEN_DATA_FORMATS } from "../catalogue/open-data.ts";
import type { Config } from "../config.ts";
import { badgeSvg } from "../feeds/badge.ts";
import type { FeedChannel, FeedSite } from "../feeds/channel.ts";
import { findCategoryChannel, findTagChannel, siteChannel, dealsChannel } from "./feed-channels.ts";
import { jsonFeedDocument } from "../feeds/json-feed.ts";
import { FEED_ITEM_LIMIT } from "../feeds/queries.ts";
import { buildLlmsTxt } from "./llms-txt.ts";
import { reviewsRssDocument, rssDocument } from "../feeds/rss.ts";
import { buildSitemapIndex, findSitemapPart } from "./sitemap.ts";
import type { PageCache } from "../cache/page-cache.ts";
import { inLocale } from "../i18n.ts";
import type { Services } from "../services.ts";
import { responseKeeper } from "./page-cache.ts";

const CACHE_CONTROL = "public, max-age=3600";
const SITEMAP_TYPE = "application/xml; charset=utf-8";
const RSS_TYPE = "application/rss+xml; charset=utf-8";
const JSON_FEED_TYPE = "application/feed+json; charset=utf-8";
const SVG_TYPE = "image/svg+xml; charset=utf-8";
/**
 * A badge is fetched by every visitor of the page that embeds it: browsers and image proxies keep it five minutes, then
 * ask again (a 304 while it is unchanged); a stale one may be shown an hour while they do.
 */
const BADGE_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";
/** The badge of a tool that is not listed (yet): it may go live soon. */
const MISSING_BADGE_CACHE_CONTROL = "public, max-age=60";
/**
 * Other sites show the badge: their pages may load it (the app's default is same-origin), and it runs nothing, even
 * opened on its own.
 */
const BADGE_HEADERS = {
  "Cross-Origin-Resource-Policy": "cross-origin",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
};
const BADGE_FILE = /^(.+)\.svg$/;
/** The dumps are rewritten once a night: a client may keep where they are for an hour. */
const OPEN_DATA_CACHE_CONTROL = "public, max-age=3600";

type FeedFormat = { file: string; type: string; write: (channel: FeedChannel, siteUrl: string) => string };
const FEED_FORMATS: FeedFormat[] = [
  { file: "rss.xml", type: RSS_TYPE, write: rssDocument },
  { file: "feed.json", type: JSON_FEED_TYPE, write: jsonFeedDocument },
];

export function createFeeds(services: Services, config: Config, pageCache?: PageCache) {
  const feeds = new Hono();
  const keeper = pageCache ? responseKeeper({ cache: pageCache, cacheControl: CACHE_CONTROL }) : undefined;
  /** The answer kept under the request's path, or built by `build` (and kept) when there is none. */
  const kept = (c: Context, build: () => Promise<Response>) =>
    keeper ? keeper.respond(c, c.req.path, build) : build();
  // A reader or a crawler that has a feed already gets a 304 (a kept answer has its own ETag).
  feeds.use("*", etag());
  const languages = { locales: config.LOCALES, defaultLocale: config.DEFAULT_LOCALE };
  /**
   * The site as the feeds of `locale` see it: at that language's root, with the site's name as its settings say now (a
   * change of settings drops every kept feed with the pages).
   */
  const siteIn = (locale: Locale): FeedSite => ({
    siteUrl: `${config.SITE_URL}${localeBasename(locale, languages)}`,
    locale,
    get siteName() {
      return services.settings.current().siteName;
    },
  });
  const site = siteIn(config.DEFAULT_LOCALE);
  const robots = ["User-agent: *", "Allow: /", "Disallow: /api/", `Sitemap: ${config.SITE_URL}/sitemap.xml`, ""].join(
    "\n",
  );

  feeds.get("/robots.txt", (c) => send(c, robots, "text/plain; charset=utf-8"));

  const sitemap = { siteUrl: config.SITE_URL, site: { locales: config.LOCALES, defaultLocale: config.DEFAULT_LOCALE } };
  feeds.get("/sitemap.xml", (c) =>
    kept(c, async () => send(c, await buildSitemapIndex(services, sitemap), SITEMAP_TYPE)),
  );

  feeds.get("/sitemaps/:file", (c) =>
    kept(c, async () => {
      const xml = await findSitemapPart(services, c.req.param("file"), sitemap);
      return xml === null ? c.text(MESSAGES.page.noSuchSitemapFile, 404) : send(c, xml, SITEMAP_TYPE);
    }),
  );

  // One text for language models, in the site's default language.
  feeds.get("/llms.txt", (c) =>
    kept(c, () =>
      inLocale(site.locale, async () => send(c, await buildLlmsTxt(services, site), "text/markdown; charset=utf-8")),
    ),
  );

  // Each language's feeds under its prefix (/fr/rss.xml), titled in it and leading to its pages (decision 053).
  for (const locale of config.LOCALES) {
    const feedSite = siteIn(locale);
    const base = localeBasename(locale, languages);
    /** The answer kept under the request's path, built in the feed's language. */
    const keptIn = (c: Context, build: () => Promise<Response>) => kept(c, () => inLocale(locale, build));

    for (const { file, type, write } of FEED_FORMATS) {
      feeds.get(`${base}/${file}`, (c) =>
        keptIn(c, async () => send(c, write(await siteChannel(services, feedSite), feedSite.siteUrl), type)),
      );

      feeds.get(`${base}/category/:slug/${file}`, (c) =>
        keptIn(c, async () => {
          const slug = c.req.param("slug");
          const channel = await findCategoryChannel(services, slug, feedSite);
          if (channel) return send(c, write(channel, feedSite.siteUrl), type);
          const moved = await services.categories.findMovedCategorySlug(slug);
          return moved ? c.redirect(`${base}/category/${moved}/${file}`, 301) : c.text(say("feed.noSuchCategory"), 404);
        }),
      );

      feeds.get(`${base}/deals/${file}`, (c) =>
        keptIn(c, async () =>
          services.deals.isOn()
            ? send(c, write(await dealsChannel(services, feedSite, FEED_ITEM_LIMIT), feedSite.siteUrl), type)
            : c.text(MESSAGES.deal.off, 404),
        ),
      );

      feeds.get(`${base}/tag/:tag/${file}`, (c) =>
        keptIn(c, async () => {
          const tag = slugParam.safeParse(c.req.param("tag"));
          const channel = tag.success ? await findTagChannel(services, tag.data, feedSite) : null;
          return channel ? send(c, write(channel, feedSite.siteUrl), type) : c.text(MESSAGES.feeds.noSuchTag, 404);
        }),
      );
    }

    // A tool's newest reviews (decision 043): dropped with the tool's pages when a review changes.
    feeds.get(`${base}/tool/:slug/reviews/rss.xml`, (c) =>
      keptIn(c, async () => {
        const tool = await services.tools.findPublicToolBySlug(c.req.param("slug"));
        if (!tool) return c.text(MESSAGES.tool.notFoundBySlug, 404);
        const { reviews } = await services.reviews.listToolReviews(tool.id);
        return send(c, reviewsRssDocument(tool, reviews, feedSite), RSS_TYPE);
      }),
    );
  }

  // The dumps live in the file storage (the local disk or a bucket): their stable addresses lead there.
  for (const format of OPEN_DATA_FORMATS) {
    feeds.get(openDataPath(format), (c) => {
      c.header("Cache-Control", OPEN_DATA_CACHE_CONTROL);
      return c.redirect(services.catalogue.openDataUrl(format), 302);
    });
  }

  feeds.get("/badge/:file", async (c) => {
    const slug = slugParam.safeParse(BADGE_FILE.exec(c.req.param("file"))?.[1]);
    // A parameter given twice stays a list, which no option accepts.
    const params = Object.fromEntries(
      Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
    );
    const query = badgeQuery.safeParse(params);
    if (!query.success) throw invalidInput(query.error);
    const tool = slug.success ? await services.feeds.findBadgeTool(slug.data) : undefined;
    const award = tool && query.data.week ? await services.launches.findWin(tool.id, query.data.week) : null;
    const svg = badgeSvg({
      siteName: site.siteName,
      tool: tool ?? null,
      theme: query.data.theme,
      showViews: query.data.views,
      award,
    });
    // An unknown slug or a tool that is not live still gets an image (saying so) rather than a broken one in the page.
    return c.body(svg, tool ? 200 : 404, {
      "Content-Type": SVG_TYPE,
      "Cache-Control": tool ? BADGE_CACHE_CONTROL : MISSING_BADGE_CACHE_CONTROL,
      ...BADGE_HEADERS,
    });
  });

  return feeds;
}

function send(c: Context, body: string, contentType: string): Response {
  return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": CACHE_CONTROL });
}
