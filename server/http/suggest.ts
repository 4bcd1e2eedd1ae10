/**
 * GET /api/suggest?q=…: what the search box suggests while a person types (app/components/search-box.tsx): the tools
 * the search itself would show first, the categories and the tags that start with the words. It reads no session,
 * so its answer is the same for everyone: kept in the page cache under the typed text's slug until a write drops what
 * it shows, and kept a minute by browsers and CDNs.
 */
import { type Context, Hono } from "hono";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { RenderBudget } from "./render-budget.ts";
import { MAX_SEARCH_LENGTH } from "#common/constants.ts";
import { slugify } from "#common/slugify.ts";
import type { PageCache } from "../cache/page-cache.ts";
import type { Services } from "../services.ts";
import { responseKeeper } from "./page-cache.ts";

export const SUGGEST_PATH = "/api/suggest";
const CACHE_CONTROL = "public, max-age=60";
/** How many categories are suggested. */
const SUGGESTED_CATEGORIES = 3;

export type Suggestions = {
  tools: { name: string; slug: string; logo: string | null; shortDesc: string }[];
  categories: { label: string; slug: string }[];
  tags: { tag: string; count: number }[];
};

/**
 * `renders` and `addressOf`: the renders each client may cause, shared with the pages (./render-budget.ts). Suggestions
 * that are not kept cost a search each, as a page's miss does: they count against the same budget.
 */
export function createSuggestions(
  services: Services,
  {
    pageCache,
    renders,
    addressOf,
  }: { pageCache?: PageCache; renders: RenderBudget; addressOf: (c: Context) => string },
) {
  const suggest = new Hono();
  const keeper = pageCache ? responseKeeper({ cache: pageCache, cacheControl: CACHE_CONTROL }) : undefined;
  suggest.get(SUGGEST_PATH, async (c) => {
    // Any text is its slug, cut as a search is: an empty one suggests nothing.
    const text = slugify(c.req.query("q") ?? "")
      .slice(0, MAX_SEARCH_LENGTH)
      .replace(/-+$/, "");
    const key = `${SUGGEST_PATH}?q=${text}`;
    const build = async () => {
      const answer = await suggestionsFor(services, text);
      return c.json(answer, 200, { "Cache-Control": CACHE_CONTROL });
    };
    const isKept = Boolean(pageCache?.get(key)) || Boolean(keeper?.isRendering(key));
    if (text && !isKept && !renders.take(addressOf(c)))
      throw new AppError("resource-exhausted", MESSAGES.auth.tooManyRequests);
    return keeper ? keeper.respond(c, key, build) : build();
  });
  return suggest;
}

async function suggestionsFor(services: Services, text: string): Promise<Suggestions> {
  if (!text) return { tools: [], categories: [], tags: [] };
  const words = text.split("-");
  const [found, categories] = await Promise.all([services.search.suggest(text), services.categories.listCategories()]);
  return {
    tools: found.tools.map((tool) => ({
      name: tool.name,
      slug: tool.slug,
      logo: tool.logo,
      shortDesc: tool.shortDesc,
    })),
    // A category whose words each typed word begins: "dev" finds Development, "cust serv" Customer Service.
    categories: categories
      .filter((category) => words.every((word) => category.slug.split("-").some((part) => part.startsWith(word))))
      .slice(0, SUGGESTED_CATEGORIES)
      .map((category) => ({ label: category.label, slug: category.slug })),
    tags: found.tags,
  };
}
