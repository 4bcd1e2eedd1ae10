import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createPageCache } from "../cache/page-cache.ts";
import { dependsOn } from "../cache/page-tags.ts";
import { pageCacheMiddleware, sealScripts } from "./page-cache.ts";
import { renderBudget } from "./render-budget.ts";

/** The part of a React Router build the middleware reads: its routes and their modules' `handle`. */
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    page: { id: "page", parentId: "root", path: "page", module: { handle: { pageCache: { params: ["cursor"] } } } },
    private: { id: "private", parentId: "root", path: "private", module: {} },
  },
} as unknown as ServerBuild;

function appWith(handler: () => Response) {
  const cache = createPageCache({ maxBytes: 1_000_000 });
  const app = new Hono();
  const render = async () => {
    dependsOn("tool:1");
    return handler();
  };
  app.use(
    "*",
    pageCacheMiddleware({
      cache,
      build,
      renderPage: render,
      // A cookie names a live session when its value is "live".
      findViewer: async (cookie) =>
        cookie?.includes("session_token=live") ? { id: "u1", slug: "ada", username: "Ada", role: "guest" } : null,
      renderBudget: renderBudget({ perMinute: 1_000 }),
      addressOf: () => "127.0.0.1",
      site: { locales: ["en"], defaultLocale: "en" },
    }),
  );
  app.get("*", render);
  return { cache, get: (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }) };
}

const html = (extra: Record<string, string> = {}, status = 200) =>
  new Response("<html><body>page</body></html>", { status, headers: { "content-type": "text/html", ...extra } });

describe("page cache middleware", () => {
  it("never keeps a response that sets a cookie, nor a server error", async () => {
    for (const response of [
      () => html({ "set-cookie": "flash=1; Path=/" }),
      () => html({}, 500),
      () => html({}, 503),
    ]) {
      const { cache, get } = appWith(response);
      const first = await get("/page");
      expect(first.headers.get("x-cache")).toBe("bypass");
      expect(first.headers.get("cache-control")).toBe("private, no-store");
      expect((await get("/page")).headers.get("x-cache")).toBe("bypass");
      expect(cache.size().pages).toBe(0);
    }
  });

  it("keeps a page whose route says so, and leaves the others alone", async () => {
    const { cache, get } = appWith(() => html());
    expect((await get("/page?cursor=a")).headers.get("x-cache")).toBe("miss");
    expect((await get("/page?cursor=a")).headers.get("x-cache")).toBe("hit");
    expect((await get("/private")).headers.get("x-cache")).toBe("bypass");
    expect((await get("/private")).headers.get("cache-control")).toBe("private, no-store");
    // A person without the script marker gets their own page; a made-up session cookie is no session.
    expect((await get("/page", { cookie: "better-auth.session_token=live" })).headers.get("x-cache")).toBe("bypass");
    expect((await get("/page?cursor=a", { cookie: "better-auth.session_token=forged" })).headers.get("x-cache")).toBe(
      "hit",
    );
    expect(
      (await get("/page?cursor=a", { cookie: "better-auth.session_token=live; idt_js=1" })).headers.get("x-cache"),
    ).toBe("hit");
    expect(cache.size().pages).toBe(1);
  });
});

describe("sealScripts", () => {
  it("hashes the scripts that carry the render's nonce, and only those, and removes the nonce", () => {
    const page =
      '<link rel="modulepreload" href="/a.js" nonce="n0nce"/><script nonce="n0nce">boot()</script>' +
      '<script type="application/ld+json">{"a":1}</script><script>injected()</script><script type="module" nonce="n0nce">import("/a.js")</script>';
    const sealed = sealScripts(page, "n0nce");
    expect(sealed.html).not.toContain("nonce");
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(sealed.hashes).toEqual([sha("boot()"), sha('import("/a.js")')]);
  });
});
