/**
 * A GitHub repository's figures (stars, licence, language) from GitHub's REST API, GET /repos/{owner}/{repo}, read
 * through the safe fetcher. The API's address is config (GITHUB_API_URL), so a local stand-in answers in tests.
 */
import { normalizeRepositoryUrl } from "#common/tool-input.ts";
import { z } from "#common/zod.ts";
import {
  type Forge,
  type ForgeBudget,
  type ForgeRead,
  MAX_WAIT_MS,
  type RepositoryFacts,
  type Validators,
} from "./forge.ts";
import type { SafeFetcher } from "./safe-fetch.ts";

export type GithubRepository = {
  fullName: string;
  name: string;
  url: string;
  description: string;
  stars: number;
  licence: string | null;
  language: string | null;
  topics: string[];
  /** The owner's avatar, the logo's candidate. */
  avatarUrl: string | null;
};

/** owner/repo of a repository's address (https://github.com/owner/repo, with or without more path), or null. */
export function githubRepositoryOf(website: string): { owner: string; repo: string } | null {
  const repository = normalizeRepositoryUrl(website);
  if (!repository) return null;
  const [owner, repo] = new URL(repository).pathname.split("/").filter(Boolean);
  return { owner: owner!, repo: repo! };
}

const repositoryAnswer = z.object({
  full_name: z.string().max(300),
  name: z.string().max(200),
  description: z.string().max(2000).nullable().optional(),
  topics: z.array(z.string().max(50)).max(50).optional(),
  owner: z.object({ avatar_url: z.string().max(2000).optional() }).optional(),
  html_url: z.string().max(2000),
  stargazers_count: z.number().int().nonnegative(),
  language: z.string().max(100).nullable().optional(),
  license: z
    .object({ spdx_id: z.string().max(100).nullable().optional(), name: z.string().max(200).nullable().optional() })
    .nullable()
    .optional(),
});

/** The repository's figures, or null when the API does not answer them (missing repository, rate limit, outage). */
export async function readGithubRepository(
  fetcher: SafeFetcher,
  apiUrl: string,
  { owner, repo }: { owner: string; repo: string },
): Promise<GithubRepository | null> {
  const address = `${apiUrl.replace(/\/+$/, "")}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
  const answer = await fetcher
    .fetch(address, { accept: "application/vnd.github+json", maxBytes: 500_000 })
    .catch(() => null);
  if (!answer || answer.status !== 200) return null;
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(answer.body));
  } catch {
    return null;
  }
  const parsed = repositoryAnswer.safeParse(body);
  if (!parsed.success) return null;
  const { license } = parsed.data;
  // NOASSERTION is GitHub's word for a licence file it could not name: no licence we can tell.
  const licence = license?.spdx_id && license.spdx_id !== "NOASSERTION" ? license.spdx_id : null;
  const url = /^https:\/\/github\.com\//.test(parsed.data.html_url)
    ? parsed.data.html_url
    : `https://github.com/${owner}/${repo}`;
  return {
    fullName: parsed.data.full_name,
    name: parsed.data.name,
    url,
    description: parsed.data.description?.trim() ?? "",
    stars: parsed.data.stargazers_count,
    licence,
    language: parsed.data.language ?? null,
    topics: parsed.data.topics ?? [],
    avatarUrl: parsed.data.owner?.avatar_url ?? null,
  };
}

const factsAnswer = z.object({
  stargazers_count: z.number().nonnegative(),
  forks_count: z.number().nonnegative(),
  archived: z.boolean(),
  license: z
    .object({ spdx_id: z.string().max(100).nullable().optional() })
    .nullable()
    .optional(),
});
const releaseAnswer = z.object({ tag_name: z.string().max(200), published_at: z.iso.datetime().nullable() });
const commitsAnswer = z
  .array(z.object({ commit: z.object({ committer: z.object({ date: z.iso.datetime() }).nullable() }) }))
  .max(1);

/** How long to wait when the forge refuses without saying until when. */
const DEFAULT_WAIT_MS = 60_000;
/** The figures a column holds (PostgreSQL's integer): a larger one is kept as the largest. */
const MAX_FIGURE = 2_147_483_647;

/** The words of GitHub's refusals that are limits (its primary and secondary rate limits, the abuse detection). */
const LIMIT_WORDS = /rate limit|abuse detection/i;

/**
 * GitHub's REST API as a forge: a repository's facts in three requests (the repository, its latest release, its newest
 * commit), each conditional on the last read's ETag. With a token (GITHUB_TOKEN) the hourly budget is 5,000 requests,
 * without 60; with a token a 304 costs nothing. A 429, or a 403 that says it is a limit (no request left, a
 * Retry-After, the words of a rate limit), asks to wait: until its Retry-After or the budget's reset, an hour at most.
 * Any other 403, and a 451, refuse that repository alone (GitHub blocked or disabled it): it is missing, and the reads
 * go on. Figures a column cannot hold are kept as the largest it can, and a date after now as now.
 */
export function githubForge({
  fetcher,
  apiUrl,
  token = "",
  now = () => new Date(),
}: {
  fetcher: SafeFetcher;
  apiUrl: string;
  token?: string;
  now?: () => Date;
}): Forge {
  const base = apiUrl.replace(/\/+$/, "");
  return {
    repositoryOf(address) {
      const found = githubRepositoryOf(address);
      return found ? { forge: "github", owner: found.owner, name: found.repo } : null;
    },

    async read(ref, previous) {
      const validators: Validators = {};
      let requests = 0;
      let unchanged = 0;
      let budget: ForgeBudget = null;
      const path = `/repos/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.name)}`;

      /** One conditional GET: its status and parsed body (null on a 304 or an error status). */
      async function get(key: string, suffix: string) {
        const headers: Record<string, string> = { "x-github-api-version": "2022-11-28" };
        const etag = previous?.validators[key];
        if (etag) headers["if-none-match"] = etag;
        if (token) headers.authorization = `Bearer ${token}`;
        requests++;
        const answer = await fetcher.fetch(`${base}${path}${suffix}`, {
          accept: "application/vnd.github+json",
          maxBytes: 500_000,
          headers,
        });
        const remaining = Number(answer.headers["x-ratelimit-remaining"]);
        const reset = Number(answer.headers["x-ratelimit-reset"]);
        if (Number.isFinite(remaining) && Number.isFinite(reset))
          budget = {
            remaining: Math.min(Math.max(Math.floor(remaining), 0), MAX_FIGURE),
            resetAt: capped(reset * 1000),
          };
        if (answer.status === 304) unchanged++;
        const newEtag = answer.headers.etag;
        if (typeof newEtag === "string") validators[key] = newEtag;
        else if (answer.status === 304 && etag) validators[key] = etag;
        let body: unknown = null;
        // A refusal's body says whether it is a limit.
        if (answer.status === 200 || answer.status === 403) {
          try {
            body = JSON.parse(new TextDecoder().decode(answer.body));
          } catch {
            body = null;
          }
        }
        return { status: answer.status, headers: answer.headers, body };
      }

      /** A moment the forge names, as an ISO string, never more than MAX_WAIT_MS from now. */
      function capped(at: number): string {
        return new Date(Math.min(at, now().getTime() + MAX_WAIT_MS)).toISOString();
      }

      /** Whether this answer is a refusal of the forge's limits rather than of the repository. */
      function isLimit(answer: { status: number; headers: Record<string, unknown>; body: unknown }): boolean {
        if (answer.status === 429) return true;
        if (answer.status !== 403) return false;
        if (answer.headers["x-ratelimit-remaining"] === "0" || answer.headers["retry-after"] !== undefined) return true;
        const message = (answer.body as { message?: unknown } | null)?.message;
        return typeof message === "string" && LIMIT_WORDS.test(message);
      }

      /** Until when the forge asks to wait, when this answer is a refusal of its limits. */
      function limitOf(answer: { status: number; headers: Record<string, unknown>; body: unknown }): string | null {
        if (!isLimit(answer)) return null;
        const retryAfter = Number(answer.headers["retry-after"]);
        if (Number.isFinite(retryAfter) && retryAfter > 0) return capped(now().getTime() + retryAfter * 1000);
        // The budget spent: until it fills. A secondary limit without a Retry-After: a minute, as GitHub advises.
        const reset = Number(answer.headers["x-ratelimit-reset"]);
        if (answer.headers["x-ratelimit-remaining"] === "0" && Number.isFinite(reset) && reset * 1000 > now().getTime())
          return capped(reset * 1000);
        return capped(now().getTime() + DEFAULT_WAIT_MS);
      }
      /** The repository alone is refused: gone (404, 410), or blocked or disabled by the forge (403, 451). */
      const isRefused = (status: number) => status === 404 || status === 410 || status === 403 || status === 451;
      /** A figure as a column holds it. */
      const figure = (value: number) => Math.min(Math.floor(value), MAX_FIGURE);
      /** A date as the site holds it: none after now (a committer's clock can say 2099). */
      const notAfterNow = (iso: string) => (Date.parse(iso) > now().getTime() ? now().toISOString() : iso);
      const outcome = (read: ForgeRead) => ({ ...read, requests, unchanged, budget });

      const repository = await get("repository", "");
      const repositoryLimit = limitOf(repository);
      if (repositoryLimit) return outcome({ kind: "limited", until: repositoryLimit });
      if (isRefused(repository.status)) return outcome({ kind: "missing" });
      let facts: Pick<RepositoryFacts, "stars" | "forks" | "isArchived" | "licence">;
      if (repository.status === 304 && previous) facts = previous.facts;
      else {
        const parsed = factsAnswer.safeParse(repository.body);
        if (repository.status !== 200 || !parsed.success)
          throw new Error(`GitHub answered ${repository.status} for ${ref.owner}/${ref.name}`);
        const spdx = parsed.data.license?.spdx_id;
        facts = {
          stars: figure(parsed.data.stargazers_count),
          forks: figure(parsed.data.forks_count),
          isArchived: parsed.data.archived,
          licence: spdx && spdx !== "NOASSERTION" ? spdx : null,
        };
      }

      const release = await get("release", "/releases/latest");
      const releaseLimit = limitOf(release);
      if (releaseLimit) return outcome({ kind: "limited", until: releaseLimit });
      let latestRelease: RepositoryFacts["latestRelease"] = null;
      if (release.status === 304 && previous) latestRelease = previous.facts.latestRelease;
      else if (release.status === 200) {
        const parsed = releaseAnswer.safeParse(release.body);
        if (parsed.success && parsed.data.published_at)
          latestRelease = { tag: parsed.data.tag_name, publishedAt: notAfterNow(parsed.data.published_at) };
      }

      const commits = await get("commits", "/commits?per_page=1");
      const commitsLimit = limitOf(commits);
      if (commitsLimit) return outcome({ kind: "limited", until: commitsLimit });
      let lastCommitAt: string | null = null;
      if (commits.status === 304 && previous) lastCommitAt = previous.facts.lastCommitAt;
      else if (commits.status === 200) {
        // 409 is an empty repository: no commit.
        const parsed = commitsAnswer.safeParse(commits.body);
        const date = parsed.success ? parsed.data[0]?.commit.committer?.date : undefined;
        lastCommitAt = date ? notAfterNow(date) : null;
      }

      return outcome({
        kind: "read",
        facts: { ...facts, latestRelease, lastCommitAt },
        validators,
        changed: unchanged < requests,
      });
    },
  };
}
