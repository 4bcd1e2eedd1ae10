/**
 * Reading a repository's facts from GitHub's REST API (server/fetch/github.ts), against a stand-in that counts the
 * requests, answers 304 to a request whose ETag still holds, keeps the hourly budget in its headers, and answers 403,
 * 429 and 404 as GitHub does (tests/setup/github.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { githubForge } from "#server/fetch/github.ts";
import { createSafeFetcher } from "#server/fetch/safe-fetch.ts";
import { startGithubStandIn, type StandInRepository } from "../setup/github.ts";
import { useResource } from "../setup/fixtures.ts";

const NOW = new Date("2026-11-29T12:00:00Z");
const counter = (): StandInRepository => ({
  stargazers_count: 1234,
  forks_count: 56,
  archived: false,
  license: { spdx_id: "MIT", name: "MIT License" },
  release: { tag_name: "v2.1.0", published_at: "2026-10-01T09:00:00Z" },
  commits: ["2026-11-20T08:30:00Z", "2026-11-19T10:00:00Z"],
});

describe("a repository's facts from GitHub", () => {
  const github = useResource(startGithubStandIn);
  const fetcher = createSafeFetcher({ userAgent: "IndieToolsBot/1.0 (test)", allowedPrivateHosts: ["127.0.0.1"] });
  const forge = (token = "") => githubForge({ fetcher, apiUrl: github.url, token, now: () => NOW });
  const ref = { forge: "github" as const, owner: "indie", name: "counter" };

  beforeEach(() => {
    github.repositories.clear();
    github.repositories.set("indie/counter", counter());
    github.requests.length = 0;
    github.budget.anonymous = 60;
    github.budget.token = 5000;
    github.budget.resetAt = new Date(NOW.getTime() + 30 * 60_000);
    github.secondaryLimit = null;
    github.secondaryLimitWords = false;
    github.refused.clear();
  });

  it("finds the repository an address names on GitHub, and no other", () => {
    expect(forge().repositoryOf("https://github.com/indie/counter/tree/main")).toEqual(ref);
    expect(forge().repositoryOf("https://gitlab.com/indie/counter")).toBeNull();
  });

  it("reads stars, forks, licence, archived, the latest release and the last commit in three requests", async () => {
    const read = await forge().read(ref);
    expect(read).toMatchObject({
      kind: "read",
      changed: true,
      requests: 3,
      unchanged: 0,
      facts: {
        stars: 1234,
        forks: 56,
        isArchived: false,
        licence: "MIT",
        latestRelease: { tag: "v2.1.0", publishedAt: "2026-10-01T09:00:00Z" },
        lastCommitAt: "2026-11-20T08:30:00Z",
      },
      budget: { remaining: 57, resetAt: "2026-11-29T12:30:00.000Z" },
    });
    expect(github.requests.map((request) => request.path)).toEqual([
      "/repos/indie/counter",
      "/repos/indie/counter/releases/latest",
      "/repos/indie/counter/commits?per_page=1",
    ]);
    expect(github.requests[0]!.headers["user-agent"]).toBe("IndieToolsBot/1.0 (test)");
    expect(github.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("reads again with the last ETags: 304s keep the facts, and a change is read", async () => {
    const first = await forge().read(ref);
    if (first.kind !== "read") throw new Error("not read");
    const again = await forge().read(ref, first);
    expect(again).toMatchObject({ kind: "read", changed: false, requests: 3, unchanged: 3, facts: first.facts });
    expect(github.requests.slice(3).map((request) => [request.status, request.headers["if-none-match"]])).toEqual(
      Object.values(first.validators).map((etag) => [304, etag]),
    );
    // Without a token, GitHub counts a 304 too.
    expect(github.budget.anonymous).toBe(54);

    github.repositories.get("indie/counter")!.stargazers_count = 1300;
    const changed = await forge().read(ref, again.kind === "read" ? again : undefined);
    expect(changed).toMatchObject({
      kind: "read",
      changed: true,
      unchanged: 2,
      facts: { ...first.facts, stars: 1300 },
    });
    expect(github.budget.anonymous).toBe(51);
  });

  it("with a token, a 304 costs none of the budget", async () => {
    const first = await forge("ghp_test-token").read(ref);
    if (first.kind !== "read") throw new Error("not read");
    expect(github.budget.token).toBe(4997);
    const again = await forge("ghp_test-token").read(ref, first);
    expect(again).toMatchObject({ kind: "read", changed: false, unchanged: 3 });
    expect(github.budget.token).toBe(4997);
  });

  it("sends the token, which has a budget of its own", async () => {
    const read = await forge("ghp_test-token").read(ref);
    expect(github.requests[0]!.headers.authorization).toBe("Bearer ghp_test-token");
    expect(read.budget).toMatchObject({ remaining: 4997 });
  });

  it("reads a repository without a release or a commit, archived, with a licence GitHub could not name", async () => {
    github.repositories.set("indie/counter", {
      ...counter(),
      archived: true,
      license: { spdx_id: "NOASSERTION", name: "Other" },
      release: undefined,
      commits: [],
    });
    expect(await forge().read(ref)).toMatchObject({
      kind: "read",
      facts: { isArchived: true, licence: null, latestRelease: null, lastCommitAt: null },
    });
  });

  it("says a repository that is gone is missing, after one request", async () => {
    expect(await forge().read({ ...ref, name: "deleted" })).toMatchObject({ kind: "missing", requests: 1 });
  });

  it("says a repository GitHub blocked or disabled is missing, with budget to spare: no wait for the others", async () => {
    github.refused.set("indie/blocked", { status: 403, message: "Repository access blocked" });
    github.refused.set("indie/dmca", { status: 451, message: "Repository access blocked" });
    for (const name of ["blocked", "dmca"])
      expect(await forge().read({ ...ref, name }), name).toMatchObject({ kind: "missing", requests: 1 });
    expect(await forge().read(ref)).toMatchObject({ kind: "read", facts: { stars: 1234 } });
  });

  it("tells a limit in a 403's words, without a header, from a refusal of the repository", async () => {
    github.secondaryLimitWords = true;
    expect(await forge().read(ref)).toMatchObject({ kind: "limited", until: "2026-11-29T12:01:00.000Z" });
  });

  it("waits an hour at most, whatever reset the forge names", async () => {
    github.budget.anonymous = 1;
    github.budget.resetAt = new Date("2036-12-04T00:00:00Z");
    expect(await forge().read(ref)).toMatchObject({
      kind: "limited",
      until: "2026-11-29T13:00:00.000Z",
      budget: { remaining: 0, resetAt: "2026-11-29T13:00:00.000Z" },
    });
    github.secondaryLimit = 10 * 365 * 86_400;
    expect(await forge().read(ref)).toMatchObject({ kind: "limited", until: "2026-11-29T13:00:00.000Z" });
  });

  it("keeps figures a column cannot hold as the largest it holds, and a date after now as now", async () => {
    github.repositories.set("indie/counter", {
      ...counter(),
      stargazers_count: 3_000_000_000,
      forks_count: 2 ** 53,
      release: { tag_name: "v9", published_at: "2095-01-01T00:00:00Z" },
      commits: ["2099-12-31T23:59:59Z"],
    });
    expect(await forge().read(ref)).toMatchObject({
      kind: "read",
      facts: {
        stars: 2_147_483_647,
        forks: 2_147_483_647,
        lastCommitAt: NOW.toISOString(),
        latestRelease: { tag: "v9", publishedAt: NOW.toISOString() },
      },
    });
  });

  it("stops at a spent budget until its reset, and at a secondary limit until its Retry-After", async () => {
    github.budget.anonymous = 1;
    expect(await forge().read(ref)).toMatchObject({
      kind: "limited",
      until: "2026-11-29T12:30:00.000Z",
      requests: 2,
      budget: { remaining: 0 },
    });
    github.secondaryLimit = 120;
    expect(await forge("ghp_test-token").read(ref)).toMatchObject({
      kind: "limited",
      until: "2026-11-29T12:02:00.000Z",
      requests: 1,
    });
  });
});
