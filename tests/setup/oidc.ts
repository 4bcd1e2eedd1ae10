/**
 * A real OpenID Connect provider on 127.0.0.1 (the `oidc-provider` package), standing in for Google in tests, with its
 * own sign-in and consent pages; and a cookie-keeping web client that walks a sign-in across the app and the provider
 * the way a browser without JavaScript does.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Adapter, type InteractionDetails } from "oidc-provider";
import { createMemoryAdapter } from "oidc-provider/lib/adapters/memory_adapter.js";

/** What the provider says about a person: Google's claims. Leave `email` out for an account that gives no e-mail. */
export type GooglePerson = { email?: string; emailVerified?: boolean; name?: string };

export type OidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The app's environment that makes this provider its Google. */
  env: { GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string; GOOGLE_DISCOVERY_URL: string };
  /** The people who can sign in, by login name (which is also their subject, Google's account id). */
  people: Map<string, GooglePerson>;
  /** Registers the app's callback address: the app must exist before it, yet its address is known only once it listens. */
  allowApp(appUrl: string): void;
  close(): Promise<void>;
};

const SECONDS = { hour: 60 * 60, minute: 60 };

export async function startOidcProvider(): Promise<OidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "indie-tools-test-client";
  const clientSecret = randomBytes(24).toString("base64url");
  const people = new Map<string, GooglePerson>();
  const redirectUris = new Set<string>();

  const memory = createMemoryAdapter();
  // The one client is read on every request, so a callback address registered after the start counts at once.
  const clients: Adapter = {
    async find(id) {
      if (id !== clientId || redirectUris.size === 0) return undefined;
      return {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: "Indie Tools",
        redirect_uris: [...redirectUris],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      };
    },
    upsert: async () => {},
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
    consume: async () => {},
    destroy: async () => {},
    revokeByGrantId: async () => {},
  };

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    adapter: (model) => (model === "Client" ? clients : memory(model)),
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ...(person.email === undefined ? {} : { email: person.email, email_verified: person.emailVerified ?? true }),
          ...(person.name === undefined ? {} : { name: person.name }),
        }),
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: SECONDS.hour,
      AuthorizationCode: SECONDS.minute,
      IdToken: SECONDS.hour,
      Interaction: SECONDS.hour,
      Session: SECONDS.hour,
      Grant: SECONDS.hour,
    },
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = page("Error", `<p data-testid="provider-error">${escapeHtml(JSON.stringify(out))}</p>`);
    },
  });
  const handleProviderRequest = provider.callback();

  server.on("request", (req, res) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(
      new URL(req.url ?? "/", issuer).pathname,
    );
    if (!match) return handleProviderRequest(req, res);
    interact(req, res, match[2]).catch((error: Error) => {
      res.statusCode = 400;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(page("Error", `<p data-testid="provider-error">${escapeHtml(error.message)}</p>`));
    });
  });

  /** The provider's own pages: choose an account, then allow (or deny) the app what it asks for. */
  async function interact(req: IncomingMessage, res: ServerResponse, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    const base = `/interaction/${details.uid}`;
    if (req.method === "GET" && !action) {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(details.prompt.name === "login" ? loginPage(base) : consentPage(base, details));
      return;
    }
    if (req.method !== "POST") throw new Error("Method not allowed");
    const form = new URLSearchParams(await readBody(req));
    if (action === "abort") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "End-User aborted interaction" },
        { mergeWithLastSubmission: false },
      );
    } else if (action === "login") {
      const login = form.get("login") ?? "";
      if (!people.has(login)) {
        res.statusCode = 400;
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end(loginPage(base, "No such account"));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    } else if (action === "confirm") {
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grantFor(details) } },
        { mergeWithLastSubmission: true },
      );
    }
  }

  async function grantFor({ grantId, session, params, prompt: { details } }: InteractionDetails) {
    const grant =
      (grantId ? await provider.Grant.find(grantId) : undefined) ??
      new provider.Grant({ accountId: session!.accountId, clientId: params.client_id! });
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(" "));
    return grant.save();
  }

  return {
    issuer,
    clientId,
    clientSecret,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    },
    people,
    allowApp: (appUrl) => void redirectUris.add(`${appUrl.replace(/\/+$/, "")}/api/auth/callback/google`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function loginPage(base: string, error?: string) {
  return page(
    "Sign in",
    `<main data-prompt="login">
      <h1>Sign in</h1>
      ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
      <form method="post" action="${base}/login">
        <label>Account <input name="login" autofocus></label>
        <button type="submit">Next</button>
      </form>
      <form method="post" action="${base}/abort"><button type="submit">Cancel</button></form>
    </main>`,
  );
}

function consentPage(base: string, details: InteractionDetails) {
  const scopes = details.prompt.details.missingOIDCScope ?? [];
  return page(
    "Allow access",
    `<main data-prompt="consent">
      <h1>Indie Tools wants to know</h1>
      <ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join("")}</ul>
      <form method="post" action="${base}/confirm"><button type="submit">Allow</button></form>
      <form method="post" action="${base}/abort"><button type="submit">Deny</button></form>
    </main>`,
  );
}

function page(title: string, body: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** A page the web client ended on, after following every redirect. */
export type WebPage = { url: string; status: number; html: string; headers: Headers };

export type WebClient = {
  /** The cookies the client holds for a host name (as a browser, it shares them between the ports of one host). */
  cookies(hostname: string): Map<string, string>;
  get(url: string): Promise<WebPage>;
  /** Submits a form as a browser does without JavaScript: urlencoded, from the page's own origin. */
  post(url: string, fields: Record<string, string>): Promise<WebPage>;
};

const MAX_REDIRECTS = 20;

/** A browser without JavaScript: it keeps cookies per host and follows redirects from one server to another. */
export function createWebClient(): WebClient {
  const jars = new Map<string, Map<string, string>>();
  const jar = (hostname: string) => jars.get(hostname) ?? jars.set(hostname, new Map()).get(hostname)!;

  function keep(url: URL, headers: Headers) {
    const cookies = jar(url.hostname);
    for (const cookie of headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired = attributes.some((attribute) => {
        const [key = "", date = ""] = attribute.split("=");
        return (
          (/^max-age$/i.test(key) && Number(date) <= 0) || (/^expires$/i.test(key) && Date.parse(date) <= Date.now())
        );
      });
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  async function send(start: URL, init: { method: string; body?: string }): Promise<WebPage> {
    let url = start;
    let request = init;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const headers = new Headers({
        "user-agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
      });
      const cookies = jar(url.hostname);
      if (cookies.size) headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
      if (request.body !== undefined) {
        headers.set("content-type", "application/x-www-form-urlencoded");
        headers.set("origin", url.origin);
      }
      const response = await fetch(url, { method: request.method, headers, body: request.body, redirect: "manual" });
      keep(url, response.headers);
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = new URL(location, url);
        if (response.status !== 307 && response.status !== 308) request = { method: "GET" };
        continue;
      }
      return { url: url.toString(), status: response.status, html: await response.text(), headers: response.headers };
    }
    throw new Error(`More than ${MAX_REDIRECTS} redirects from ${start}`);
  }

  return {
    cookies: jar,
    get: (url) => send(new URL(url), { method: "GET" }),
    post: (url, fields) => send(new URL(url), { method: "POST", body: new URLSearchParams(fields).toString() }),
  };
}

/**
 * Goes through 'Sign in with Google' as a person: from the app's /auth/google (with `query`, say `popup=1`) to the
 * provider's pages, where `login` signs in and allows (or, with `consent: false`, denies) the app, then back to the app.
 */
export async function signInWithGoogle(
  web: WebClient,
  appUrl: string,
  { login, consent = true, query = "" }: { login: string; consent?: boolean; query?: string },
) {
  let current = await web.get(`${appUrl}/auth/google${query ? `?${query}` : ""}`);
  for (let step = 0; step < 3; step++) {
    const prompt = /data-prompt="(\w+)"/.exec(current.html)?.[1];
    if (prompt === "login") current = await web.post(`${current.url}/login`, { login });
    else if (prompt === "consent") current = await web.post(`${current.url}/${consent ? "confirm" : "abort"}`, {});
    else break;
  }
  return current;
}
