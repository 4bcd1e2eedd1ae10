/**
 * Reads a web address that a person gave us (the form's "Fill from website", the link checker) without letting it
 * reach what only this server can reach: http and https only; every address a host name resolves to must be public,
 * checked again after each redirect (followed here, at most 5); the connection goes to the very address that was
 * checked (our own DNS lookup hands it to the socket), so a name that resolves to another address a moment later
 * (DNS rebinding) gets nowhere; at most 2 MB, 5 seconds in all; no cookies; a User-Agent that says who we are.
 * Each refusal carries a sentence a person understands (MESSAGES.fetch).
 */
import { type LookupAddress, type LookupOptions, promises as dns } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { MESSAGES } from "#common/messages.ts";

export const FETCH_LIMITS = { maxBytes: 2_000_000, timeoutMs: 5_000, maxRedirects: 5 } as const;

export type FetchRefusalReason =
  | "bad-address"
  | "private-address"
  | "unknown-host"
  | "unreachable"
  | "too-many-redirects"
  | "too-large"
  | "timeout";

/** Why an address could not be read; `message` is for the person who gave it. */
export class FetchRefusal extends Error {
  readonly reason: FetchRefusalReason;
  constructor(reason: FetchRefusalReason, message: string) {
    super(message);
    this.name = "FetchRefusal";
    this.reason = reason;
  }
}

export type FetchOptions = {
  /** A POST (a webhook's delivery) sends `body` and follows no redirect: a redirect is its answer. */
  method?: "GET" | "HEAD" | "POST";
  body?: string;
  /** Headers sent besides the User-Agent and Accept (a webhook's signature). */
  headers?: Record<string, string>;
  /** At most this many bytes of body are read; a larger body is refused (default 2 MB). */
  maxBytes?: number;
  /** For the whole walk, redirects included (default 5 s). */
  timeoutMs?: number;
  accept?: string;
  /** False: answer once the headers of the last response came, reading no body (the link checker). */
  readBody?: boolean;
  /** True: a body larger than `maxBytes` is cut there instead of refused (a webhook receiver's answer, kept as an excerpt). */
  truncateBody?: boolean;
};

export type FetchedResponse = {
  status: number;
  /** The address of the last response, after the redirects. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Uint8Array;
  redirects: number;
};

export type SafeFetcherSettings = {
  userAgent: string;
  /**
   * Host names (or addresses) that may be read though they resolve to a private address: for tests, or a directory
   * inside an intranet (FETCH_ALLOW_PRIVATE_HOSTS). Matched on the host as written in the address, never on what it
   * resolves to, so a redirect from an allowed host to another private one is still refused.
   */
  allowedPrivateHosts?: readonly string[];
  /** What a host name resolves to: the system's resolver, or one that fails on purpose in tests (a resolver outage). */
  resolveHost?: HostResolver;
};

/** Every address a host name resolves to; rejects with the resolver's error (ENOTFOUND, EAI_AGAIN...) when it cannot. */
export type HostResolver = (hostname: string, family?: LookupOptions["family"]) => Promise<LookupAddress[]>;

/** The system's resolver, as the sockets would use it (getaddrinfo). */
const systemResolver: HostResolver = (hostname, family) => dns.lookup(hostname, { all: true, family: family ?? 0 });

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Whether an address is on the public internet: ipaddr.js's 'unicast' range, IPv4-mapped IPv6 judged as its IPv4. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  // Everything else (loopback, private, link-local with the cloud metadata address, CGNAT, multicast, unspecified,
  // reserved, unique-local, 6to4 and the other IPv6 ranges that carry an IPv4 inside) is refused.
  return parsed.range() === "unicast";
}

export function createSafeFetcher({
  userAgent,
  allowedPrivateHosts = [],
  resolveHost = systemResolver,
}: SafeFetcherSettings) {
  const allowed = new Set(
    allowedPrivateHosts
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ""),
      )
      .filter(Boolean),
  );
  const refuseTooLarge = (maxBytes: number) => new FetchRefusal("too-large", MESSAGES.fetch.tooLarge(maxBytes));

  /** The DNS lookup the socket uses: all addresses of the name, each checked; the socket gets the checked ones. */
  function checkedLookup(isAllowed: boolean): LookupFunction {
    return (hostname, options, callback) => {
      resolveHost(hostname, options.family).then(
        (addresses) => answer(null, addresses),
        (error: NodeJS.ErrnoException) => answer(error, []),
      );
      function answer(error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) {
        if (error || addresses.length === 0)
          return callback(error ?? new FetchRefusal("unknown-host", MESSAGES.fetch.unknownHost), "", 4);
        if (!isAllowed && !addresses.every((entry) => isPublicAddress(entry.address))) {
          return callback(new FetchRefusal("private-address", MESSAGES.fetch.privateAddress), "", 4);
        }
        const [first] = addresses as [LookupAddress];
        if (options.all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        else callback(null, first.address, first.family);
      }
    };
  }

  /** One request, to one address that has passed the rules; the redirects are the caller's. */
  type RequestSettings = {
    method: "GET" | "HEAD" | "POST";
    accept: string;
    maxBytes: number;
    readBody: boolean;
    truncateBody: boolean;
    body?: string;
    headers?: Record<string, string>;
  };
  function requestOnce(
    url: URL,
    { method, accept, maxBytes, readBody, truncateBody, body, headers }: RequestSettings,
    signal: AbortSignal,
  ) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Uint8Array }>((resolve, reject) => {
      const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
      const isAllowed = allowed.has(host);
      // A literal address never goes through the lookup: it is checked here.
      if (ipaddr.isValid(host) && !isAllowed && !isPublicAddress(host))
        return reject(new FetchRefusal("private-address", MESSAGES.fetch.privateAddress));
      const transport = url.protocol === "https:" ? https : http;
      const request = transport.request(url, {
        method,
        agent: false,
        lookup: checkedLookup(isAllowed),
        signal,
        headers: { ...headers, "user-agent": userAgent, accept, "accept-encoding": "identity" },
      });
      request.on("error", reject);
      request.on("response", (response) => {
        const status = response.statusCode ?? 0;
        const done = (body: Uint8Array) => resolve({ status, headers: response.headers, body });
        if (!readBody || method === "HEAD" || REDIRECTS.has(status)) {
          response.destroy();
          return done(new Uint8Array());
        }
        const declared = Number(response.headers["content-length"]);
        if (!truncateBody && Number.isFinite(declared) && declared > maxBytes) {
          request.destroy();
          return reject(refuseTooLarge(maxBytes));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes && truncateBody) {
            chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
            response.destroy();
            return done(new Uint8Array(Buffer.concat(chunks)));
          }
          if (size > maxBytes) {
            request.destroy();
            reject(refuseTooLarge(maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => done(new Uint8Array(Buffer.concat(chunks))));
        response.on("error", reject);
      });
      request.end(body);
    });
  }

  /** What a failure of the socket means for the person who gave the address. */
  function refusalFor(error: unknown, signal: AbortSignal, timeoutMs: number): FetchRefusal {
    if (error instanceof FetchRefusal) return error;
    if (signal.aborted) return new FetchRefusal("timeout", MESSAGES.fetch.timeout(Math.ceil(timeoutMs / 1000)));
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA")
      return new FetchRefusal("unknown-host", MESSAGES.fetch.unknownHost);
    return new FetchRefusal("unreachable", MESSAGES.fetch.unreachable);
  }

  /** The URL of `text` when it is one we may read at all (http or https, no user name or password in it). */
  function parseAddress(text: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(text, base);
    } catch {
      throw new FetchRefusal("bad-address", MESSAGES.fetch.badAddress);
    }
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password)
      throw new FetchRefusal("bad-address", MESSAGES.fetch.badAddress);
    url.hash = "";
    return url;
  }

  return {
    /**
     * Checks that `address` may be read, without reading it (a webhook's address, when an admin saves it): its form,
     * then every address its host resolves to; throws the FetchRefusal that says why not.
     */
    async checkAddress(address: string): Promise<void> {
      const url = parseAddress(address);
      const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
      if (allowed.has(host)) return;
      if (ipaddr.isValid(host)) {
        if (!isPublicAddress(host)) throw new FetchRefusal("private-address", MESSAGES.fetch.privateAddress);
        return;
      }
      await new Promise<void>((resolve, reject) =>
        checkedLookup(false)(host, { all: true }, (error) =>
          error ? reject(refusalFor(error, new AbortController().signal, 0)) : resolve(),
        ),
      );
    },

    /** Reads `address` by the rules above; throws a FetchRefusal that says why when it may not or cannot. */
    async fetch(
      address: string,
      {
        method = "GET",
        maxBytes = FETCH_LIMITS.maxBytes,
        timeoutMs = FETCH_LIMITS.timeoutMs,
        accept = "*/*",
        readBody = true,
        truncateBody = false,
        body,
        headers,
      }: FetchOptions = {},
    ): Promise<FetchedResponse> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        let url = parseAddress(address);
        let currentMethod = method;
        for (let redirects = 0; ; redirects++) {
          const settings = { method: currentMethod, accept, maxBytes, readBody, truncateBody, body, headers };
          const answer = await requestOnce(url, settings, controller.signal).catch((error: unknown) => {
            throw refusalFor(error, controller.signal, timeoutMs);
          });
          const location = answer.headers.location;
          if (!REDIRECTS.has(answer.status) || !location || currentMethod === "POST")
            return { ...answer, url: url.toString(), redirects };
          if (redirects >= FETCH_LIMITS.maxRedirects)
            throw new FetchRefusal("too-many-redirects", MESSAGES.fetch.tooManyRedirects(FETCH_LIMITS.maxRedirects));
          url = parseAddress(location, url);
          if (answer.status === 303) currentMethod = currentMethod === "HEAD" ? "HEAD" : "GET";
        }
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type SafeFetcher = ReturnType<typeof createSafeFetcher>;

/** The fetcher the server uses, from its config. */
export function safeFetcherFromConfig(
  config: { SITE_URL: string; FETCH_ALLOW_PRIVATE_HOSTS: string[] },
  resolveHost?: HostResolver,
): SafeFetcher {
  return createSafeFetcher({
    userAgent: `IndieToolsBot/1.0 (+${config.SITE_URL})`,
    allowedPrivateHosts: config.FETCH_ALLOW_PRIVATE_HOSTS,
    resolveHost,
  });
}
