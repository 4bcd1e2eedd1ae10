/** The page views a browser sends (app/analytics.ts), for tests of what is counted from them. */
import { PERSON } from "./agents.ts";

type App = {
  config: { SITE_URL: string };
  request(path: string, init?: RequestInit): Promise<Response>;
  services: { analytics: { flush(): Promise<void> } };
};

/** Sends the page view of `path` as a browser showing it does, with the props its page adds, and writes it at once. */
export async function sendPageview(
  app: App,
  path: string,
  {
    props,
    headers = PERSON,
  }: { props?: Record<string, string | number | boolean>; headers?: Record<string, string> } = {},
) {
  const url = new URL(path, app.config.SITE_URL);
  const response = await app.request("/api/event", {
    method: "POST",
    headers: { ...headers, "content-type": "text/plain" },
    body: JSON.stringify({
      n: "pageview",
      u: url.toString(),
      d: url.hostname,
      r: null,
      ...(props ? { p: props } : {}),
    }),
  });
  if (response.status !== 202) throw new Error(`POST /api/event answered ${response.status}: ${await response.text()}`);
  await app.services.analytics.flush();
}
