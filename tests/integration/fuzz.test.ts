/**
 * A seeded corpus of malformed requests to every route and endpoint: wrong methods and content types, bad JSON, huge
 * strings, NUL and other control bytes, path traversal, bad cursors; as a visitor and as an admin. No answer may be a
 * 5xx, and every 4xx must say what went wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tools, users } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { createClient, type Client } from "../setup/forms.ts";
import { FORMULA_PAYLOADS } from "../setup/formula-payloads.ts";
import { startStripeStandIn, type StripeStandIn } from "../setup/stripe.ts";

const ORIGIN = "http://localhost:3000";
const SEED = 13;
const REQUESTS = 2500;

/** A small deterministic generator (mulberry32), so every run sends the same corpus. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

/** Hostile values for a path segment, a query parameter or a form field. */
const HOSTILE_VALUES = [
  "",
  "%00",
  "a%00b",
  "%01%02%1f",
  "%7f",
  "%0d%0aSet-Cookie:%20x=1",
  "%09",
  "..",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2f",
  "....//....//",
  "%",
  "%zz",
  "%E0%A4%A",
  "%ED%A0%80",
  "%F0%9F%98%80",
  "caf%C3%A9",
  "<script>alert(1)</script>",
  "'%20OR%201=1--",
  "-1",
  "0",
  "99999999999999999999",
  "1e309",
  "NaN",
  "null",
  "undefined",
  "[object%20Object]",
  "x".repeat(5000),
  "%00".repeat(500),
  "t123",
  "javascript:alert(1)",
  "//evil.example",
  "/%09/evil.example",
  // Spreadsheet formulas: a cell of a CSV file the app writes must never run them.
  ...FORMULA_PAYLOADS.map(encodeURIComponent),
];

/**
 * Every page (app/routes.ts) with `{}` where a hostile parameter goes, and the endpoints beside them (every Hono route).
 * `{slug}`, `{other}` and `{id}` are a live tool's slug, another live tool's slug and the first one's id, so that a
 * route is also reached past its lookup.
 */
const PAGES = [
  "/",
  "/search",
  "/search/{}",
  "/searches",
  "/tool/{}",
  "/tool/{}/alternatives",
  "/tool/{slug}/alternatives",
  "/compare/{}",
  "/compare/{}-vs-{}",
  "/compare/{slug}-vs-{}",
  "/compare/{slug}-vs-{other}",
  "/tools",
  "/categories",
  "/category/{}",
  "/tags",
  "/tag/{}",
  "/add-tool",
  "/edit-tool/{}",
  "/register",
  "/login",
  "/logout",
  "/forgot-password",
  "/reset-password",
  "/auth/google",
  "/auth/signed-in",
  "/auth/failed",
  "/dev/outbox",
  "/favorites",
  "/my-favorites",
  "/my-tools",
  "/profile/{}",
  "/get-featured",
  "/edit-profile",
  "/settings/api-keys",
  "/admin",
  "/admin/claims",
  "/admin/reports",
  "/admin/tools",
  "/admin/categories",
  "/admin/users",
  "/admin/requests",
  "/admin/analytics",
  "/admin/newsletter",
  "/admin/deliveries",
  "/admin/links",
  "/admin/import",
  "/admin/export",
  "/admin/webhooks",
  "/admin/webhooks/{}",
  "/admin/api-keys",
  "/admin/featuring",
  "/admin/featuring.data",
  "/feature/{}",
  "/feature/{id}",
  "/feature/{id}.data",
  "/purchase/{}",
  "/blog",
  "/blog/{}",
  "/terms-of-service.html",
  "/privacy-policy.html",
  "/open-data",
  "/best-free-analytics-tools",
  "/{}",
  "/{}.data",
  "/login.data",
  "/admin/tools.data",
  "/tool/{slug}/alternatives.data",
  "/compare/{slug}-vs-{other}.data",
  "/compare/{}.data",
  "/admin/webhooks/{}.data",
  "/settings/api-keys.data",
  "/tool/{}/reviews",
  "/tool/{slug}/reviews",
  "/tool/{slug}/reviews.data",
  "/tool/{}/review",
  "/tool/{slug}/review",
  "/tool/{}/deal",
  "/tool/{slug}/deal",
  "/tool/{}/link-back",
  "/tool/{slug}/link-back",
  "/tool/{slug}/link-back.data",
  "/tool/{}/launch",
  "/tool/{slug}/launch",
  "/coming-soon",
  "/coming-soon.data",
  "/launches",
  "/launches/{}",
  "/launches/2026-W48",
  "/launches/2026-11-29.data",
  "/tool/{slug}/alternatives/{}",
  "/tool/{slug}/alternatives/open-source",
  "/licence/{}",
  "/licence/mit",
  "/deals",
  "/deals.data",
  "/advertise",
  "/advertise.data",
  "/advertise/{}",
  "/advertise/banner",
  "/advertise/newsletter.data",
  "/sponsorships",
  "/sponsorships/{}",
  "/sponsorships/{id}",
  "/sponsored/{}",
  "/admin/sponsors",
  "/admin/sponsors.data",
  "/reviews/{}/reply",
  "/reviews/{}/report",
  "/reviews/{}/helpful",
  "/admin/reviews",
  "/admin/reviews.data",
  "/follows",
  "/following",
  "/following.data",
  "/unsubscribe",
  "/unsubscribe.data",
  "/welcome",
  "/welcome.data",
];
const ENDPOINTS = [
  "/api/v1/tools",
  "/api/v1/tools/{}/related",
  "/api/v1/tools/{}/favorite",
  "/api/v1/tools/{}/images/{}",
  "/api/v1/tools/{}/images/logo",
  "/api/v1/tools/{id}/images/logo",
  "/api/v1/tools/{id}/images/largeImage",
  "/api/v1/tools/{id}",
  "/api/v1/tools/{id}/favorite",
  "/api/v1/{}",
  "/api/v1/tools/{}",
  "/api/v1/tools/by-slug/{}",
  "/api/v1/search",
  "/api/v1/categories",
  "/api/v1/tags",
  "/api/v1/top-lists",
  "/api/v1/openapi.json",
  "/api/docs",
  "/api/v1/tools/{}/reviews",
  "/api/v1/tools/{id}/reviews",
  "/tool/{}/reviews/rss.xml",
  "/tool/{slug}/reviews/rss.xml",
  "/api/functions/submitTool",
  "/api/functions/toolVerified",
  "/api/functions/claimTool",
  "/api/functions/claimToolAccepted",
  "/api/functions/{}",
  "/api/event",
  "/api/stripe/webhook",
  "/api/suggest",
  "/api/auth/{}",
  "/api/auth/sign-up/email",
  "/api/auth/sign-in/email",
  "/api/auth/callback/{}",
  "/api/auth/magic-link/verify",
  "/api/auth/reset-password/{}",
  "/rss.xml",
  "/sitemap.xml",
  "/sitemaps/{}",
  "/category/{}/rss.xml",
  "/robots.txt",
  "/files/{}",
  "/files/../{}",
  "/assets/{}",
  "/favicon.ico",
  "/healthz",
  "/readyz",
  "/api/challenge",
  "/og/home.png",
  "/og/{}",
  "/og/tool/{}",
  "/og/tool/{slug}.png",
  "/og/category/{}",
  "/og/category/{}.png",
  "/og/top/{}",
  "/og/top/{}.png",
  "/feed.json",
  "/category/{}/feed.json",
  "/tag/{}/rss.xml",
  "/tag/{}/feed.json",
  "/deals/rss.xml",
  "/deals/feed.json",
  "/llms.txt",
  "/badge/{}",
  "/badge/{}.svg",
  "/badge/{slug}.svg",
  "/open-data/catalogue.json.gz",
  "/open-data/catalogue.csv.gz",
  "/open-data/{}",
];
const QUERY_KEYS = [
  "cursor",
  "licence",
  "selfHostable",
  "code",
  "offer",
  "endsOn",
  "intent",
  "limit",
  "q",
  "sort",
  "featured",
  "pricing",
  "redirectTo",
  "category",
  "tag",
  "page",
  "index",
  "popup",
  "error",
  "token",
  "via",
  "_data",
  "theme",
  "views",
  "file",
  "format",
  "verified",
  "line",
  "days",
  "v",
  "ref",
  "text",
];
const METHODS = ["GET", "GET", "GET", "POST", "POST", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"];

type Body = { type?: string; body?: string | FormData };

function hostileText(rng: ReturnType<typeof random>): string {
  const value = rng.pick(HOSTILE_VALUES);
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function hostileBody(rng: ReturnType<typeof random>): Body {
  const text = hostileText(rng);
  switch (Math.floor(rng.next() * 12)) {
    case 0:
      return {};
    case 1:
      return { type: "application/json", body: "{not json" };
    case 2:
      return {
        type: "application/json",
        body: JSON.stringify(
          rng.pick([
            null,
            1,
            "x",
            [],
            [1, 2],
            { tool: 1 },
            { tool: null },
            { tool: { name: {} } },
            { tool: text },
            { n: 1, u: 2, d: [] },
          ]),
        ),
      };
    case 3:
      return {
        type: "application/json",
        body: JSON.stringify({
          tool: { name: text, website: text, categories: [text], shortDesc: text, id: text },
          n: text,
          u: text,
          d: text,
          email: text,
        }),
      };
    case 4:
      return { type: "text/plain", body: text };
    case 5:
      return {
        type: "application/x-www-form-urlencoded",
        body: `${rng.pick(["intent", "email", "password", "toolId", "redirectTo", "id", "label", "slug", "reason", "bio", "rating", "body", "reply", "reviewId", "kind", "value", "list", "user", "token", "digest"])}=${rng.pick(HOSTILE_VALUES)}&intent=${rng.pick(HOSTILE_VALUES)}`,
      };
    case 6:
      return { type: "application/x-www-form-urlencoded", body: "a=%&b=%zz&&=&%00=%00" };
    case 7: {
      const form = new FormData();
      form.set(rng.pick(["intent", "file", "logo", "largeImage", "name"]), text);
      form.set(
        "file",
        new Blob([new Uint8Array([0, 1, 2, 255, 0x3c, 0x73, 0x76, 0x67])]),
        rng.pick(["x.png", "../../x.svg", "\u0000.gif", text.slice(0, 100) || "a"]),
      );
      return { body: form };
    }
    case 8:
      return {
        type: "multipart/form-data; boundary=xyz",
        body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
      };
    case 9:
      return {
        type: rng.pick([
          "application/xml",
          "image/png",
          "application/octet-stream",
          "multipart/mixed",
          "x/y; charset=utf-999",
          "\u00e9",
        ]),
        body: text,
      };
    case 10:
      return { type: "application/json", body: JSON.stringify({ tool: "x".repeat(100_000) }) };
    default:
      return {
        type: "application/x-www-form-urlencoded",
        body: `${rng.pick(["email", "bio", "longDesc", "q"])}=${"%00x".repeat(2000)}`,
      };
  }
}

const live = { slug: "", other: "", id: "" };

function hostilePath(rng: ReturnType<typeof random>): string {
  const template = rng.pick(rng.next() < 0.55 ? PAGES : ENDPOINTS);
  let path = template
    .replaceAll("{slug}", live.slug)
    .replaceAll("{other}", live.other)
    .replaceAll("{id}", live.id)
    .replaceAll("{}", () => rng.pick(HOSTILE_VALUES));
  if (rng.next() < 0.5) {
    const pairs = Array.from(
      { length: 1 + Math.floor(rng.next() * 3) },
      () => `${rng.pick(QUERY_KEYS)}=${rng.pick(HOSTILE_VALUES)}`,
    );
    path += `?${pairs.join("&")}`;
  }
  return path;
}

/** What is wrong with an answer: a 5xx, or a 4xx that says nothing a person can read. */
async function problemWith(response: Response, method: string): Promise<string | null> {
  if (response.status >= 500) return `answered ${response.status}`;
  if (response.status < 400 || method === "HEAD") return null;
  const type = response.headers.get("content-type") ?? "";
  const text = await response.text();
  if (type.includes("json")) {
    try {
      // The app's error shape, Better Auth's ({ message }), or a form action's message alone.
      const body = JSON.parse(text) as { error?: { message?: unknown }; message?: unknown } | string;
      const message = typeof body === "string" ? body : (body?.error?.message ?? body?.message);
      if (message === "Unexpected Server Error") return `answered ${response.status} as if it were a server error`;
      return typeof message === "string" && message.length > 0
        ? null
        : `answered ${response.status} with JSON and no message: ${text.slice(0, 200)}`;
    } catch {
      return `answered ${response.status} with broken JSON`;
    }
  }
  if (type.includes("html"))
    return /<h1[^>]*>[^<]+|<p[^>]*>[^<]{3,}/.test(text)
      ? null
      : `answered ${response.status} with a page that says nothing`;
  return text.trim().length > 0 ? null : `answered ${response.status} with an empty ${type || "untyped"} body`;
}

describe("a fuzzed corpus of malformed requests (PGlite)", () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Client;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    // Payments on, against the Stripe stand-in: the checkout and the webhook are reached too.
    stripe = await startStripeStandIn();
    app = await createTestApp(database, stripe.env);
    stripe.setWebhook((init) => app.request("/api/stripe/webhook", init));
    const category = await insertCategory(database.db, { label: "Analytics and Data" });
    const tool = await insertTool(database.db, { name: "Some Tool", categories: [category.id] });
    const other = await insertTool(database.db, { name: "Other Tool", categories: [category.id] });
    Object.assign(live, { slug: tool.slug, other: other.slug, id: tool.id });
    admin = createClient(app.request);
    expect(
      (await admin.postSolved("/register", { username: "Admin", email: "admin@example.com", password: "analytical" }))
        .status,
    ).toBe(302);
    const [record] = await database.db
      .update(users)
      .set({ role: "admin" })
      .where(eq(users.email, "admin@example.com"))
      .returning();
    // The admin makes the first tool: its checkout is theirs to open.
    await database.db
      .update(tools)
      .set({ creatorUsername: record!.slug, isLinkedToCreator: true })
      .where(eq(tools.id, tool.id));
    await app.services.featuring.saveOffer(
      { id: record!.id, slug: record!.slug, username: record!.username, role: "admin" },
      { kind: "featured", amount: 900, currency: "usd", days: 7, isOnSale: true },
    );
  });
  afterAll(async () => {
    await stripe.close();
    await database.close();
  });

  it(`answers ${REQUESTS} malformed requests with no 5xx, and a message on every 4xx`, {
    timeout: 120_000,
  }, async () => {
    const rng = random(SEED);
    const problems: string[] = [];
    for (let index = 0; index < REQUESTS; index++) {
      const method = rng.pick(METHODS);
      const path = hostilePath(rng);
      const body = method === "GET" || method === "HEAD" ? {} : hostileBody(rng);
      const headers: Record<string, string> = { origin: ORIGIN, ...(body.type ? { "content-type": body.type } : {}) };
      if (rng.next() < 0.2)
        headers["x-forwarded-for"] = rng.pick(["%00", "1.2.3.4, 5.6.7.8", "not-an-address", "::ffff:1.2.3.4"]);
      if (rng.next() < 0.15) headers.accept = rng.pick(["application/json", "text/html", "*/*", "image/*"]);
      const send = rng.next() < 0.4 ? admin.request : app.request;
      let response: Response;
      try {
        // An absolute address, so that a path starting with // stays a path.
        response = await send(`${ORIGIN}${path}`, {
          method,
          headers,
          ...(body.body === undefined ? {} : { body: body.body }),
        });
      } catch (error) {
        problems.push(`${method} ${path.slice(0, 120)}: threw ${String(error)}`);
        continue;
      }
      const problem = await problemWith(response, method);
      if (problem) problems.push(`${method} ${path.slice(0, 120)} (${body.type ?? "no type"}): ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
