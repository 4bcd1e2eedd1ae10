/**
 * A small website on 127.0.0.1 for the fetcher, the form's "Fill from website" and the link checker: each path answers
 * as the test says (a page, a redirect, an error, a slow or a huge body, nothing at all), and every request is kept.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Page =
  | { status?: number; type?: string; body?: string | Uint8Array; headers?: Record<string, string> }
  | { redirect: string; status?: number }
  /** A body of `bytes` zeros, sent in chunks, without a Content-Length. */
  | { huge: number }
  /** Headers at once, then nothing: the answer never ends. */
  | { hang: true }
  /** A custom answer. */
  | { handle: (request: IncomingMessage, response: ServerResponse) => void };

export type Website = {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  requests: { method: string; path: string; headers: IncomingMessage["headers"] }[];
  serve(path: string, page: Page): void;
  close(): Promise<void>;
};

export async function startWebsite(pages: Record<string, Page> = {}): Promise<Website> {
  const routes = new Map(Object.entries(pages));
  const requests: Website["requests"] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    requests.push({ method: request.method ?? "GET", path, headers: request.headers });
    const page = routes.get(path) ?? { status: 404, body: "not found" };
    if ("handle" in page) return page.handle(request, response);
    if ("redirect" in page) {
      response.writeHead(page.status ?? 302, { location: page.redirect, "set-cookie": "session=secret; Path=/" });
      return response.end();
    }
    if ("hang" in page) {
      response.writeHead(200, { "content-type": "text/html" });
      return response.write("<html>");
    }
    if ("huge" in page) {
      response.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < page.huge) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", more);
        }
        response.end();
      };
      response.on("close", () => (sent = page.huge));
      return more();
    }
    response.writeHead(page.status ?? 200, {
      "content-type": page.type ?? "text/html; charset=utf-8",
      ...page.headers,
    });
    response.end(request.method === "HEAD" ? undefined : (page.body ?? ""));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    serve: (path, page) => void routes.set(path, page),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A page with the tags a site uses to describe itself. */
export function describedPage({
  title = "Counter | Privacy-first analytics",
  description = "Counts visitors without cookies, for small sites.",
  ogImage = "/og.png",
  icon = "/icon.png",
  keywords = "analytics, privacy, web",
} = {}): string {
  return `<!doctype html><html><head><title>${title}</title>
<meta name="description" content="${description}">
<meta name="keywords" content="${keywords}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:image" content="${ogImage}">
<meta name="twitter:image" content="/twitter.png">
<link rel="icon" href="${icon}" sizes="64x64">
</head><body><script>alert(1)</script><nav><p>Home · Pricing · Docs · Blog · Log in · Sign up for a free trial today, no card needed</p></nav>
<main><h1>Counter</h1><p>Counter shows how many people read your pages, and where they came from, without a cookie banner.</p>
<p>It runs on a script of one kilobyte, keeps no personal data, and its dashboard fits on one screen.</p><p>Short.</p></main>
<footer><p>© 2026 Counter Ltd. All rights reserved. Made with care in a small town by the sea, every day.</p></footer></body></html>`;
}
