/**
 * Every internal link leads somewhere. Over the demo catalogue, with every language, payments, deals and launch days on,
 * a visitor, then a signed-in maker, then an admin start from the pages a person starts from (home, the lists, the
 * footer's pages, deals, launches, the blog, the legal pages; their own pages; the console), in each language, and
 * follow what those pages link to: a tool, its alternatives, a category, a tag, a top-list, a licence, a comparison...
 * Each page kind is read twice per language (the rest of a kind's pages are alike), and a kind one person read is not
 * read again by the next, who reads only the pages that are theirs; every address any page read links to is asked for,
 * through its redirects, by the person who read it. A 404 or a 5xx fails, naming the page that linked it.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withoutLocalePrefix } from "#common/locales.ts";
import { SCRIPT_MARKER_COOKIE } from "#common/page-cache.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { seedDemoActivity } from "#server/demo/activity.ts";
import { tools } from "#server/db/schema.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { signUpPerson } from "../setup/people.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { startStripeStandIn } from "../setup/stripe.ts";

const SITE = "http://localhost:3000";
const LANGUAGES = ["", "/fr", "/es"];

/** Where each person starts, in every language: the pages a visitor reaches first and the footer's. */
const PUBLIC_STARTS = [
  "/",
  "/tools",
  "/categories",
  "/tags",
  "/searches",
  "/blog",
  "/deals",
  "/launches",
  "/coming-soon",
  "/advertise",
  "/open-data",
  "/terms-of-service.html",
  "/privacy-policy.html",
];
const MAKER_STARTS = [
  "/welcome",
  "/my-tools",
  "/add-tool",
  "/my-favorites",
  "/follows",
  "/following",
  "/edit-profile",
  "/settings/api-keys",
  "/sponsorships",
  "/get-featured",
];
const ADMIN_STARTS = ["/admin"];

/**
 * Addresses not asked for: they change something, or leave the site. A sponsor's link counts a click and leaves
 * (its own tests follow it); /logout ends the crawler's session.
 */
const SKIPPED = [/^\/api\/auth\//, /^\/logout\b/, /^\/sponsored\//, /^\/admin\/export\b/, /^\/auth\/google\b/];

/** A page kind: its path without the language, each segment but the first one a placeholder, and its query's names. */
function kindOf(target: URL): string {
  const [first = "", ...rest] = withoutLocalePrefix(target.pathname).split("/").filter(Boolean);
  const names = [...new Set(target.searchParams.keys())].sort().join("&");
  return `/${first}${rest.map(() => "/*").join("")}${names ? `?${names}` : ""}`;
}

/** The internal addresses a page links to (anchors, and the alternates and feeds its head names), fragments dropped. */
function linksOf(html: string): string[] {
  const found = new Set<string>();
  for (const [, raw] of html.matchAll(/<(?:a|link)\b[^>]*?\shref="([^"]*)"/g)) {
    const href = raw!.replaceAll("&amp;", "&");
    if (href.startsWith("//") || href.startsWith("#")) continue;
    let target: URL;
    try {
      target = new URL(href, SITE);
    } catch {
      continue;
    }
    if (target.origin !== SITE) continue;
    target.hash = "";
    found.add(target.pathname + target.search);
  }
  return [...found];
}

type Broken = { status: number; path: string; from: string };

describe("every internal link leads somewhere", () => {
  const stripe = useResource(startStripeStandIn);
  const { database, app } = useTestApp("pglite", () => ({
    ...stripe.env,
    LOCALES: "en,fr,es",
    // A crawler renders many pages a minute from one address: it is not the visitor the budget is for.
    PAGE_RENDERS_PER_MINUTE: "100000",
  }));
  const people: Record<"visitor" | "maker" | "admin", Client> = {} as never;

  beforeAll(async () => {
    await seedDemoCatalogue(database.db, { storage: app.storage });
    await seedDemoActivity(database.db);
    // As a start does (server/server.ts).
    await app.services.catalogue.writeMissingOpenData();
    people.visitor = createClient(app.request);
    const maker = await signUpPerson(app, database.db, "Maker", { confirmed: true });
    // The maker made one of the demo's tools: their pages show its controls.
    const [made] = await database.db.select({ id: tools.id }).from(tools).limit(1);
    await database.db
      .update(tools)
      .set({ isLinkedToCreator: true, creatorUsername: maker.slug, submittedBy: maker.id })
      .where(eq(tools.id, made!.id));
    people.maker = maker.client;
    people.admin = (await signUpPerson(app, database.db, "Admin", { role: "admin", confirmed: true })).client;
    // Their browsers run the site's scripts: a public page is the one every visitor gets, from the cache, and their own
    // pages are rendered for them (decision 037).
    for (const client of [people.maker, people.admin]) client.cookies.set(SCRIPT_MARKER_COOKIE, "1");
  });

  /** Asks for `path` as `client`, through its redirects on the site; the final status and, for a page, its HTML. */
  async function visit(client: Client, path: string): Promise<{ status: number; html: string; at: string }> {
    let at = path;
    for (let hop = 0; hop < 6; hop++) {
      const response = await client.request(at, { redirect: "manual" });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const target = new URL(response.headers.get("location") ?? "/", new URL(at, SITE));
        if (target.origin !== SITE) return { status: 200, html: "", at };
        at = target.pathname + target.search;
        continue;
      }
      const isHtml = (response.headers.get("content-type") ?? "").includes("text/html");
      return { status: response.status, html: isHtml ? await response.text() : "", at };
    }
    return { status: 508, html: "", at };
  }

  /** How many pages of each kind, in each language, were read, by whichever person read them. */
  const readsOfKind = new Map<string, number>();
  const READS_PER_KIND = 2;

  async function crawl(role: keyof typeof people, starts: string[]): Promise<Broken[]> {
    const client = people[role];
    const checked = new Map<string, number>();
    const broken: Broken[] = [];
    const queue: { path: string; from: string }[] = LANGUAGES.flatMap((language) =>
      starts.map((path) => ({ path: `${language}${path === "/" && language ? "" : path}`, from: "(start)" })),
    );
    while (queue.length > 0) {
      const { path, from } = queue.shift()!;
      if (checked.has(path) || SKIPPED.some((pattern) => pattern.test(withoutLocalePrefix(path)))) continue;
      const { status, html, at } = await visit(client, path);
      checked.set(path, status);
      // The page it ended on, and how: /admin is the console for an admin, the login page for a visitor.
      const landed = new URL(at, SITE);
      const language = /^\/(fr|es)(?=\/|$)/.exec(landed.pathname)?.[1] ?? "";
      const kind = `${language}:${kindOf(landed)}:${status}`;
      const reads = readsOfKind.get(kind) ?? 0;
      if (status === 404 || status >= 500) {
        broken.push({ status, path, from });
        continue;
      }
      if (!html || reads >= READS_PER_KIND) continue;
      readsOfKind.set(kind, reads + 1);
      for (const link of linksOf(html)) if (!checked.has(link)) queue.push({ path: link, from: path });
    }
    expect(checked.size, `${role} asked for too few addresses to be a crawl`).toBeGreaterThan(50);
    return broken;
  }

  // In this order: each person reads only the kinds of page the ones before did not.
  it.each([
    ["visitor", PUBLIC_STARTS],
    ["maker", MAKER_STARTS],
    ["admin", ADMIN_STARTS],
  ] as const)(
    "as a %s, in English, French and Spanish, no link answers 404 or 5xx",
    async (role, starts) => {
      const broken = await crawl(role, [...starts]);
      expect(broken.map(({ status, path, from }) => `${status} ${path} (linked from ${from})`)).toEqual([]);
    },
    600_000,
  );
});
