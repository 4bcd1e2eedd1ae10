/**
 * A GitHub repository's figures (stars, licence, language) from GitHub's REST API, GET /repos/{owner}/{repo}, read
 * through the safe fetcher. The API's address is config (GITHUB_API_URL), so a local stand-in answers in tests.
 */
import { z } from "#common/zod.ts";
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
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return null;
  }
  if (url.hostname !== "github.com" && url.hostname !== "www.github.com") return null;
  const [owner, repo] = url.pathname.split("/").filter(Boolean);
  const name = /^[A-Za-z0-9_.-]{1,100}$/;
  if (!owner || !repo || !name.test(owner) || !name.test(repo)) return null;
  return { owner, repo: repo.replace(/\.git$/, "") };
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
