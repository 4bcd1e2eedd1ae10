/**
 * A stand-in for GitHub's REST API on 127.0.0.1, as the forge reads it (server/fetch/github.ts): a repository, its
 * latest release and its commits. It counts the requests, gives each answer an ETag and answers 304 to a request that
 * sends the current one, which costs none of the budget, as GitHub does; it keeps an hourly budget (60 requests, 5,000
 * with a token) in X-RateLimit-* headers and answers 403 once it is spent; it can answer 429 with Retry-After (a
 * secondary limit), or 403 with the secondary limit's words and no header; 404 for a repository or release it does
 * not have, 409 for the commits of an empty repository; and 403 or 451 for a repository it refuses alone (blocked or
 * disabled), with budget to spare.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type StandInRepository = {
  stargazers_count: number;
  forks_count: number;
  archived: boolean;
  license: { spdx_id: string; name: string } | null;
  release?: { tag_name: string; published_at: string };
  /** The default branch's commits, newest first, by date; none for an empty repository. */
  commits: string[];
};

export type GithubStandIn = {
  url: string;
  /** The repositories, by "owner/name": change one, and its answers (and ETags) change. */
  repositories: Map<string, StandInRepository>;
  requests: { path: string; headers: IncomingMessage["headers"]; status: number }[];
  /** The budget left in this hour, for requests without a token and with one. */
  budget: { anonymous: number; token: number; resetAt: Date };
  /** Answers every request with 429 and this Retry-After (seconds) while set. */
  secondaryLimit: number | null;
  /** Answers every request with 403 and the secondary limit's words, without Retry-After, while true. */
  secondaryLimitWords: boolean;
  /** The repositories refused alone, by "owner/name": their status (403 or 451) and message. */
  refused: Map<string, { status: number; message: string }>;
  close(): Promise<void>;
};

export async function startGithubStandIn(): Promise<GithubStandIn> {
  const standIn: Omit<GithubStandIn, "url" | "close"> = {
    repositories: new Map(),
    requests: [],
    budget: { anonymous: 60, token: 5000, resetAt: new Date(Date.now() + 3_600_000) },
    secondaryLimit: null,
    secondaryLimitWords: false,
    refused: new Map(),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const hasToken = /^Bearer \S+$/.test(req.headers.authorization ?? "");
    const pool = hasToken ? "token" : "anonymous";
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      standIn.requests.push({ path: `${url.pathname}${url.search}`, headers: req.headers, status });
      const text = body === undefined ? "" : JSON.stringify(body);
      res.writeHead(status, {
        "content-type": "application/json",
        "x-ratelimit-limit": hasToken ? "5000" : "60",
        "x-ratelimit-remaining": String(standIn.budget[pool]),
        "x-ratelimit-reset": String(Math.floor(standIn.budget.resetAt.getTime() / 1000)),
        ...extra,
      });
      res.end(text);
    };
    if (standIn.secondaryLimit !== null)
      return answer(
        429,
        { message: "You have exceeded a secondary rate limit." },
        {
          "retry-after": String(standIn.secondaryLimit),
        },
      );
    if (standIn.secondaryLimitWords)
      return answer(403, {
        message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
      });
    const match = /^\/repos\/([^/]+)\/([^/]+)(\/releases\/latest|\/commits)?$/.exec(url.pathname);
    const refusal = match ? standIn.refused.get(`${match[1]}/${match[2]}`) : undefined;
    if (refusal) {
      standIn.budget[pool]--;
      return answer(refusal.status, { message: refusal.message });
    }
    const repository = match ? standIn.repositories.get(`${match[1]}/${match[2]}`) : undefined;
    let status = 200;
    let body: unknown;
    if (!repository) [status, body] = [404, { message: "Not Found" }];
    else if (match![3] === "/releases/latest")
      [status, body] = repository.release ? [200, repository.release] : [404, { message: "Not Found" }];
    else if (match![3] === "/commits")
      [status, body] =
        repository.commits.length === 0
          ? [409, { message: "Git Repository is empty." }]
          : [
              200,
              repository.commits.slice(0, Number(url.searchParams.get("per_page") ?? 30)).map((date) => ({
                commit: { committer: { date } },
              })),
            ];
    else {
      const { release: _release, commits: _commits, ...facts } = repository;
      body = { full_name: `${match![1]}/${match![2]}`, ...facts };
    }
    const etag = `W/"${createHash("sha1").update(JSON.stringify(body)).digest("hex")}"`;
    if (standIn.budget[pool] <= 0) return answer(403, { message: "API rate limit exceeded." });
    // A conditional request whose answer has not changed: 304, free of the budget when it carries a token (GitHub
    // counts an anonymous one).
    if (status === 200 && req.headers["if-none-match"] === etag) {
      if (!hasToken) standIn.budget[pool]--;
      return answer(304, undefined, { etag });
    }
    standIn.budget[pool]--;
    return answer(status, body, status === 200 ? { etag } : {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
