/**
 * The benchmark's cold path (decision 036): which URLs each kind of page is measured on, each never asked for before,
 * and how: one request at a time for the first renders, several at a time for a crawler, and the sitemap, feeds and
 * llms.txt once each, then several at once on a part not built yet.
 */
import { weekKeyOf } from "#common/launch-periods.ts";
import { request as httpRequest } from "node:http";
import { randomInt } from "node:crypto";
import { PAYMENT_TYPES } from "#common/constants.ts";
import { encodeCursor } from "#common/cursor.ts";
import { LICENCE_KINDS } from "#common/repository.ts";
import { TOOL_SORTS, type ToolSort } from "#common/constants.ts";
import { desc, sql } from "drizzle-orm";
import { type Database, rowsOf } from "#server/db/client.ts";
import { categories, facetCounts, searches, tagCounts, tools, topLists, users } from "#server/db/schema.ts";
import { isPublicTool } from "#server/tools/read/queries.ts";
import { FIRST_WORDS, SECOND_WORDS, TAGS } from "./bench-lib.ts";

/** The licences the benchmark's catalogue gives its tools (scripts/bench-seed.ts), by the ids of their pages. */
const BENCH_LICENCES = [
  "mit",
  "apache-2.0",
  "agpl-3.0-only",
  "gpl-3.0-only",
  "bsd-3-clause",
  "mpl-2.0",
  "busl-1.1",
  "sspl-1.0",
  "elastic-2.0",
];

/** A browser's headers: it takes brotli, as every browser does over https. */
export const BROWSER = {
  "accept-encoding": "br, gzip",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

export type Answer = {
  status: number;
  bytes: number;
  ms: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** One request with exactly the given headers (fetch would add accept-encoding and decode): status, bytes on the wire, time. */
export function send(
  url: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const data = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          bytes: data.length,
          ms: performance.now() - started,
          headers: response.headers,
          body: data,
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A made-up visitor address, sent as X-Forwarded-For (the server trusts it here): each client of a crowd its own. */
export function visitorAddress(): Record<string, string> {
  return { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** What the database holds that the pages are drawn from (scripts/bench.ts reads it before the server starts). */
export type Catalogue = {
  /** Random live tools' slugs, never the same twice. */
  slugs: string[];
  categorySlugs: string[];
  /** The most common tags, then any tags at random (the long tail's included). */
  tags: string[];
  sampledTags: string[];
  /** A category and a tag that no live tool has together, though each has many. */
  emptyFilters: { category: string; tag: string }[];
  profileSlugs: string[];
  searches: { text: string; visitors: number }[];
  span: { oldest: number; newest: number };
  topLists: string[];
};

export type MissKind = { name: string; paths: string[]; headers?: Record<string, string>; expect?: string };

const ANY_ID = "tzzzzzzzzzzzzzzzzz";

/**
 * The page kinds measured on a miss, `count` distinct URLs each (fewer only where the site has fewer: the top-lists, the
 * categories), none of the `loaded` ones the load read from the cache. Tools are taken from `catalogue.slugs` in turn,
 * so no two URLs of any kind show the same tool page.
 */
export function missKinds(
  catalogue: Catalogue,
  count: number,
  session: string | null,
  loaded: ReadonlySet<string> = new Set(),
): MissKind[] {
  const slugs = [...catalogue.slugs];
  const takeSlugs = (n: number) => slugs.splice(0, n);
  const pick = <T>(list: readonly T[] | string, index: number) => list[index % list.length]! as T;
  const { oldest, newest } = catalogue.span;
  /** A cursor into the list at the index-th of `count` points of the catalogue's time span. */
  const timeCursor = (index: number) =>
    encodeCursor({ key: Math.round(newest - ((index + 0.5) / count) * (newest - oldest) * 0.9), id: ANY_ID });
  const sortCursor = (sort: ToolSort, index: number) =>
    sort === "name"
      ? encodeCursor({ key: `${pick("abcdefghijklmnopqrstuvwxyz", index)}${index}`, id: ANY_ID })
      : sort === "views" || sort === "clicks" || sort === "likes" || sort === "trending"
        ? encodeCursor({ key: 5000 - index * 37, id: ANY_ID })
        : timeCursor(index);
  const words = [...FIRST_WORDS, ...SECOND_WORDS, ...TAGS].map((word) => word.toLowerCase());
  const range = Array.from({ length: count }, (_, index) => index);
  const tools = takeSlugs(count);
  const alternatives = takeSlugs(count);
  const reviewed = takeSlugs(count);
  const compared = takeSlugs(count * 2);
  const signedIn = takeSlugs(count);
  // Other tools than the English tool pages', so that no read the English renders kept serves the French ones.
  const french = takeSlugs(count);
  const oneFilter = (index: number) => {
    const filters = [
      `category=${pick(catalogue.categorySlugs, index)}`,
      `tag=${pick(catalogue.tags, index)}`,
      `payment=${pick(PAYMENT_TYPES, index)}`,
      "featured=1",
      `verified=${pick(["7", "30"], index)}`,
    ];
    const sort = pick(TOOL_SORTS, Math.floor(index / filters.length));
    return `/tools?${pick(filters, index)}&sort=${sort}&cursor=${encodeURIComponent(sortCursor(sort, index))}`;
  };
  // First pages, which read what deeper ones skip (a category's featured tools, the facets' counts), of random
  // entities, in both languages, and filters that match nothing: a LIMIT that finds nothing is a read's worst case.
  // Not the pages the load read from the cache: they are no misses any more.
  const firstPages = (paths: string[]) => paths.filter((path) => !loaded.has(path)).slice(0, count);
  const emptyFilter = (index: number) => {
    const { category, tag } = pick(catalogue.emptyFilters, index);
    const sort = pick(TOOL_SORTS, Math.floor(index / 3));
    const sorted = sort === "newest" ? "" : `&sort=${sort}`;
    return [
      `/tools?category=${category}&tag=${tag}${sorted}`,
      `/category/${category}?tag=${tag}${sorted}`,
      `/tag/${tag}?category=${category}${sorted}`,
    ][index % 3]!;
  };
  const oneFilterFirst = (index: number) => {
    const filters = [
      `category=${pick(catalogue.categorySlugs, index)}`,
      `tag=${pick(catalogue.sampledTags, index)}`,
      `payment=${pick(PAYMENT_TYPES, index)}`,
      "featured=1",
      `verified=${pick(["7", "30"], index)}`,
    ];
    return `/tools?${pick(filters, index)}&sort=${pick(TOOL_SORTS, Math.floor(index / filters.length))}`;
  };
  const firstKinds: MissKind[] = [
    {
      name: "/tools, first page, each sort",
      paths: firstPages(
        ["", "/fr"].flatMap((prefix) =>
          TOOL_SORTS.map((sort) => `${prefix}/tools${sort === "newest" ? "" : `?sort=${sort}`}`),
        ),
      ),
    },
    {
      name: "category, first page",
      paths: firstPages(
        ["", "/fr"].flatMap((prefix) => catalogue.categorySlugs.map((slug) => `${prefix}/category/${slug}`)),
      ),
    },
    { name: "tag, first page", paths: firstPages(catalogue.sampledTags.map((tag) => `/tag/${tag}`)) },
    { name: "/tools, one filter, first page", paths: range.map(oneFilterFirst) },
    {
      // Decision 060: a licence kind (proprietary matches no synthetic tool) or self-hosting, alone, on a category's or a
      // tag's page, or with a pricing, in each sort.
      name: "licence or self-hosting, first page",
      // Each of the four shapes in turn; within one, the n-th of its addresses, each a different page: a repeated one
      // would be read from the cache, not measured.
      paths: range.map((index) => {
        const [shape, n] = [index % 4, Math.floor(index / 4)];
        const filter = pick(
          [...LICENCE_KINDS.map((kind) => `licence=${kind}`), "selfHostable=1"],
          shape + Math.floor(n / 4),
        );
        return [
          `/tools?${filter}&sort=${pick(TOOL_SORTS, n)}`,
          `/category/${pick(catalogue.categorySlugs, n)}?${filter}`,
          `/tag/${pick(catalogue.sampledTags, n)}?${filter}`,
          `/tools?${filter}&payment=${pick(PAYMENT_TYPES, n)}`,
        ][shape]!;
      }),
    },
    {
      // Decision 060: each licence the synthetic tools have, in English and French, and three that none has.
      name: "licence page, first page",
      paths: firstPages([
        ...["", "/fr"].flatMap((prefix) => BENCH_LICENCES.map((id) => `${prefix}/licence/${id}`)),
        "/licence/0bsd",
        "/licence/isc",
        "/licence/unlicense",
      ]),
    },
    {
      // Decision 061: every tool's deals and each category's, in English and French.
      name: "deals, first page",
      paths: firstPages(
        ["", "/fr"].flatMap((prefix) => [
          `${prefix}/deals`,
          ...catalogue.categorySlugs.map((slug) => `${prefix}/deals?category=${slug}`),
        ]),
      ),
    },
    {
      // Decision 063: the held tools, in English and French.
      name: "coming soon, first page",
      paths: firstPages(["", "/fr"].map((prefix) => `${prefix}/coming-soon`)),
    },
    {
      // Decision 063: the leaderboards of the last days and weeks, each of which the seed gave launches.
      name: "launches, a day or a week",
      paths: firstPages(
        range.map((index) =>
          index % 3 === 2
            ? `/launches/${weekKeyOf(new Date(Date.now() - index * 7 * 86_400_000))}`
            : `/launches/${new Date(Date.now() - index * 86_400_000).toISOString().slice(0, 10)}`,
        ),
      ),
    },
    {
      // Decision 064: the placements, their prices and their weeks, sold or free, in English and French.
      name: "advertise",
      paths: firstPages(["", "/fr"].map((prefix) => `${prefix}/advertise`)),
    },
    { name: "filters matching nothing", paths: catalogue.emptyFilters.length > 0 ? range.map(emptyFilter) : [] },
    { name: "search matching nothing", paths: range.map((index) => `/search/zq${index}vx`) },
  ];
  // The pages with one address each (the home page, /tools): rendered for a person whose browser runs no script, as
  // often as the other kinds are measured.
  const personalFirstKinds: MissKind[] = session
    ? [
        {
          name: "home, first page, rendered for a person",
          paths: range.map(() => "/"),
          headers: { cookie: session },
          expect: "bypass",
        },
        {
          name: "/tools, first page, rendered for a person",
          paths: range.map(() => "/tools"),
          headers: { cookie: session },
          expect: "bypass",
        },
      ]
    : [];
  const kinds: MissKind[] = [
    ...firstKinds,
    ...personalFirstKinds,
    { name: "home, later page", paths: range.map((index) => `/?cursor=${encodeURIComponent(timeCursor(index))}`) },
    {
      name: "/tools, later page",
      paths: range.map((index) => `/tools?cursor=${encodeURIComponent(timeCursor(index))}`),
    },
    { name: "tool page", paths: tools.map((slug) => `/tool/${slug}`) },
    // The same pages in French (decision 053): the same reads, words from another catalogue.
    { name: "tool page (fr)", paths: (french.length > 0 ? french : tools).map((slug) => `/fr/tool/${slug}`) },
    {
      name: "home (fr), later page",
      paths: range.map((index) => `/fr?cursor=${encodeURIComponent(timeCursor(index + 0.5))}`),
    },
    { name: "alternatives", paths: alternatives.map((slug) => `/tool/${slug}/alternatives`) },
    { name: "open-source alternatives", paths: alternatives.map((slug) => `/tool/${slug}/alternatives/open-source`) },
    {
      name: "reviews page",
      paths: reviewed.map((slug, index) => `/tool/${slug}/reviews${index % 2 ? "?sort=helpful" : ""}`),
    },
    {
      name: "compare",
      paths: range.flatMap((index) => {
        const [a, b] = [compared[index * 2], compared[index * 2 + 1]];
        return a && b ? [`/compare/${[a, b].toSorted().join("-vs-")}`] : [];
      }),
    },
    {
      name: "category, later page",
      paths: range.map(
        (index) => `/category/${pick(catalogue.categorySlugs, index)}?cursor=${encodeURIComponent(timeCursor(index))}`,
      ),
    },
    {
      name: "tag, later page",
      paths: range.map(
        (index) => `/tag/${pick(catalogue.tags, index)}?cursor=${encodeURIComponent(timeCursor(index))}`,
      ),
    },
    { name: "top-list page", paths: catalogue.topLists.slice(0, count) },
    { name: "/tools, one filter", paths: range.map(oneFilter) },
    {
      name: "/tools, three filters",
      paths: range.map(
        (index) =>
          `/tools?category=${pick(catalogue.categorySlugs, index)}&tag=${pick(catalogue.tags, index * 7 + 3)}&payment=${pick(PAYMENT_TYPES, index * 3 + 1)}`,
      ),
    },
    // Past the vocabulary, a later page of the same words: each its own page.
    {
      name: "search: 1 word",
      paths: range.map(
        (index) =>
          `/search/${pick(words, index)}${index >= words.length ? `?cursor=${encodeURIComponent(encodeCursor({ key: 4_000_000 - index, id: ANY_ID }))}` : ""}`,
      ),
    },
    {
      name: "search: 2 words",
      paths: range.map((index) => `/search/${pick(words, index)}-${pick(words, index * 5 + 1)}`),
    },
    {
      name: "search: 3 words",
      paths: range.map(
        (index) => `/search/${pick(words, index)}-${pick(words, index * 5 + 1)}-${pick(words, index * 11 + 2)}`,
      ),
    },
    // What the search box suggests as a person types a word and the start of another (kept like a page).
    {
      name: "suggestions",
      paths: range.map((index) => `/api/suggest?q=${pick(words, index)}-${pick(words, index * 7 + 3).slice(0, 2)}`),
    },
    {
      name: "/searches",
      paths: range.map((index) => {
        const at = catalogue.searches[Math.floor((index / count) * catalogue.searches.length)];
        return at && index > 0
          ? `/searches?cursor=${encodeURIComponent(encodeCursor({ key: at.visitors, id: at.text }))}`
          : "/searches";
      }),
    },
    {
      name: "profile",
      paths: range.flatMap((index) =>
        catalogue.profileSlugs.length > 0
          ? [
              `/profile/${pick(catalogue.profileSlugs, index)}${index >= catalogue.profileSlugs.length ? `?cursor=${encodeURIComponent(timeCursor(index))}` : ""}`,
            ]
          : [],
      ),
    },
  ];
  // A signed-in person without the script marker: their own page, rendered for them.
  if (session)
    kinds.push({
      name: "tool page, rendered for a person",
      paths: signedIn.map((slug) => `/tool/${slug}`),
      headers: { cookie: session },
      expect: "bypass",
    });
  return kinds;
}

export type MissResult = {
  name: string;
  samples: number;
  p50: number;
  p95: number;
  max: number;
  failures: string[];
  cacheStates: Map<string, number>;
};

/** Each path once, one request at a time, each from its own address: the first render of a page the cache does not hold. */
export async function measureMisses(base: string, kind: MissKind): Promise<MissResult> {
  const times: number[] = [];
  const cacheStates = new Map<string, number>();
  const failures: string[] = [];
  for (const path of kind.paths) {
    const answer = await send(base + path, { headers: { ...BROWSER, ...visitorAddress(), ...kind.headers } });
    const state = String(answer.headers["x-cache"] ?? "none");
    if (answer.status !== 200) failures.push(`${path} answered ${answer.status}`);
    else if (state !== (kind.expect ?? "miss")) failures.push(`${path} was ${state}, not ${kind.expect ?? "miss"}`);
    cacheStates.set(state, (cacheStates.get(state) ?? 0) + 1);
    times.push(answer.ms);
  }
  times.sort((a, b) => a - b);
  return {
    name: kind.name,
    samples: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? 0,
    failures,
    cacheStates,
  };
}

/**
 * A crawler reading distinct tool pages that are not in the cache, `concurrency` at a time, as a search engine's many
 * machines would (each request from its own address): pages a second, and each page's time.
 */
export async function crawl(base: string, slugs: string[], concurrency: number) {
  const queue = [...slugs];
  const times: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let slug = queue.shift(); slug !== undefined; slug = queue.shift()) {
        const answer = await send(`${base}/tool/${slug}`, {
          headers: {
            ...BROWSER,
            ...visitorAddress(),
            "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
          },
        });
        if (answer.status !== 200) failures.push(`/tool/${slug} answered ${answer.status}`);
        times.push(answer.ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    pages: times.length,
    pagesPerSecond: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    failures,
  };
}

/** What a document's <loc> elements name. */
export function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
}

export type DocumentResult = {
  path: string;
  ms: number;
  status: number;
  bytes: number;
  urls: number | null;
  cache: string;
};

/**
 * The sitemap's index and one part of each kind (the newest and the oldest tools' parts), the feeds and llms.txt, each
 * built once (a miss); then `concurrency` requests at once for a part nobody asked for yet: one builds it, the others
 * wait for it.
 */
export async function measureDocuments(
  base: string,
  catalogue: Pick<Catalogue, "categorySlugs" | "tags">,
  concurrency: number,
) {
  const get = async (path: string): Promise<DocumentResult> => {
    const answer = await send(base + path, { headers: { "user-agent": BROWSER["user-agent"] } });
    const text = answer.body.toString("utf8");
    return {
      path,
      ms: answer.ms,
      status: answer.status,
      bytes: answer.bytes,
      urls: path.endsWith(".xml") && text.includes("<loc>") ? locsOf(text).length : null,
      cache: String(answer.headers["x-cache"] ?? "none"),
    };
  };
  const index = await get("/sitemap.xml");
  const indexXml = (await send(`${base}/sitemap.xml`)).body.toString("utf8");
  const parts = locsOf(indexXml).map((loc) => new URL(loc).pathname);
  const toolParts = parts.filter((part) => part.includes("/tools-"));
  const byKind = new Map<string, string>();
  for (const part of parts) {
    const kind = /\/sitemaps\/([a-z]+)/.exec(part)?.[1] ?? part;
    if (!byKind.has(kind)) byKind.set(kind, part);
  }
  const chosen = [...new Set([...byKind.values(), toolParts.at(-1)].filter((part): part is string => Boolean(part)))];
  const results = [index];
  for (const part of chosen) results.push(await get(part));
  const category = catalogue.categorySlugs[0];
  const tag = catalogue.tags[0];
  for (const path of [
    "/rss.xml",
    "/feed.json",
    ...(category ? [`/category/${category}/rss.xml`] : []),
    ...(tag ? [`/tag/${tag}/feed.json`] : []),
    "/llms.txt",
  ]) {
    results.push(await get(path));
  }
  // A part not built yet, asked for by several crawlers at once.
  const fresh = toolParts.find((part) => !chosen.includes(part)) ?? null;
  const together = fresh
    ? await (async () => {
        const started = performance.now();
        const answers = await Promise.all(
          Array.from({ length: concurrency }, () =>
            send(base + fresh, { headers: { "user-agent": BROWSER["user-agent"] } }),
          ),
        );
        const states = new Map<string, number>();
        for (const answer of answers)
          states.set(
            `${answer.status} ${answer.headers["x-cache"] ?? "none"}`,
            (states.get(`${answer.status} ${answer.headers["x-cache"] ?? "none"}`) ?? 0) + 1,
          );
        return {
          path: fresh,
          ms: performance.now() - started,
          states,
          failures: answers.filter((answer) => answer.status !== 200).length,
        };
      })()
    : null;
  return { results, parts: parts.length, together };
}

/**
 * What the pages are drawn from: `toolCount` random live tools, the categories (largest first), the most common tags
 * and `samples` at random, pairs of a category and a common tag that no live tool has together (a filter that matches
 * nothing, though each half matches many), makers' profiles, what people searched, the span of the tools' creation
 * times and the top-lists. It reads only columns an older build's schema has too: `npm run bench -- --against` reads
 * that build's database with it.
 */
export async function readCatalogue(db: Database, toolCount: number, samples: number): Promise<Catalogue> {
  const slugs = (
    await db.select({ slug: tools.slug }).from(tools).where(isPublicTool).orderBy(sql`random()`).limit(toolCount)
  ).map((row) => row.slug);
  const [span] = await db
    .select({
      oldest: sql<Date>`min(${tools.createdAt})`.mapWith(tools.createdAt),
      newest: sql<Date>`max(${tools.createdAt})`.mapWith(tools.createdAt),
    })
    .from(tools)
    .where(isPublicTool);
  const categorySlugs = (
    await db.select({ slug: categories.slug }).from(categories).orderBy(desc(categories.toolCount))
  ).map((row) => row.slug);
  const tags = (await db.select({ tag: tagCounts.tag }).from(tagCounts).orderBy(desc(tagCounts.count)).limit(100)).map(
    (row) => row.tag,
  );
  const sampledTags = (
    await db.select({ tag: tagCounts.tag }).from(tagCounts).orderBy(sql`random()`).limit(samples)
  ).map((row) => row.tag);
  const emptyFilters = rowsOf<{ category: string; tag: string }>(
    await db.execute(sql`
      select c.slug as category, t.tag from ${categories} c cross join (select tag from ${tagCounts} order by count desc limit 20) t
      where not exists (select 1 from ${facetCounts} f where f.scope = 'c:' || c.id and f.kind = 't' and f.value = t.tag)
      order by c.slug, t.tag`),
  );
  const profileSlugs = (
    await db
      .select({ slug: users.slug })
      .from(users)
      .where(sql`exists (select 1 from ${tools} where ${tools.creatorUsername} = ${users.slug} and ${isPublicTool})`)
      .limit(100)
  ).map((row) => row.slug);
  const searched = await db
    .select({ text: searches.text, visitors: searches.visitors })
    .from(searches)
    .orderBy(desc(searches.visitors), searches.text)
    .limit(2000);
  const lists = await db.select({ path: topLists.path }).from(topLists).orderBy(topLists.position);
  return {
    slugs,
    categorySlugs,
    tags,
    sampledTags,
    emptyFilters,
    profileSlugs,
    searches: searched,
    span: { oldest: span?.oldest?.getTime() ?? 0, newest: span?.newest?.getTime() ?? 0 },
    topLists: lists.map((page) => page.path),
  };
}
