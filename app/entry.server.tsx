/** Renders a page on the server. The whole page is rendered before the response starts, so its status is always right. */
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { BROWSER_BUNDLES } from "#common/i18n/bundles.ts";
import { requestBundles } from "#server/i18n.ts";
import { WordsProvider } from "./i18n.tsx";
import { NonceContext } from "./nonce.tsx";

export const streamTimeout = 5_000;

/** Logs server errors once; a page that does not exist (404) or a request the visitor aborted is not an error. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Through the server's logger: in its format, under the request's id.
  context.logger.error(
    `${request.method} ${new URL(request.url).pathname} failed`,
    error instanceof Error ? error : String(error),
  );
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <WordsProvider locale={loadContext.locale}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </WordsProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const html = withBundles(withoutModulePreloads(Buffer.concat(chunks).toString("utf8")));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router; an error here would otherwise go unseen.
          if (!(error instanceof Error && error.name === "AbortError"))
            loadContext.logger.error(
              `${request.method} ${new URL(request.url).pathname}: render error`,
              error instanceof Error ? error : String(error),
            );
        },
      },
    );
  });
}

/**
 * The page naming the bundles of the catalogue it was written with (decision 053), for the browser to load them before
 * it hydrates the page: only those, and only in the page's language.
 */
function withBundles(html: string): string {
  const read = BROWSER_BUNDLES.filter((bundle) => requestBundles().has(bundle));
  return html.replace("</head>", `<meta name="i18n-bundles" content="${read.join(" ")}"/></head>`);
}

/**
 * The page without React Router's <link rel="modulepreload"> tags. They make the browser fetch every script of the page
 * at high priority at once, beside the stylesheet the first paint waits for: on a slow phone the page showed later.
 * The scripts still load from the page's module script, as soon as the HTML is parsed; the page works without them.
 * React 19 keeps such links in the head as resources, so hydration does not miss them.
 */
function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload" href="[^"]*"(?: nonce="[^"]*")?\/>/g, "");
}
