/**
 * The tools' repositories' facts (decision 060), read by the hourly job from a stand-in that speaks GitHub's REST API
 * (tests/setup/github.ts): the row that follows a tool's repository address, the facts and licence a read writes (an
 * admin's licence kept), the weekly history, the budget kept (a reserve left, 304s, a secondary limit waited out),
 * the most viewed first, and the tool page that shows them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { rowsOf } from "#server/db/client.ts";
import { forgeStatus, repositoryFacts, repositoryHistory, tools, webhookEndpoints } from "#server/db/schema.ts";
import { normalizeRepositoryUrl, toolInput as toolInputSchema } from "#common/tool-input.ts";
import { insertCategory, insertTool, insertUser, toolInput } from "../factories.ts";
import { PERSON } from "../setup/agents.ts";
import { signUpPerson } from "../setup/people.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { startGithubStandIn, type StandInRepository } from "../setup/github.ts";

const HOUR = 3_600_000;
const repository = (stars: number, licence = "MIT"): StandInRepository => ({
  stargazers_count: stars,
  forks_count: Math.floor(stars / 10),
  archived: false,
  license: { spdx_id: licence, name: licence },
  release: { tag_name: "v1.0.0", published_at: "2026-09-01T00:00:00Z" },
  commits: ["2026-11-20T08:00:00Z"],
});

describe.each(databaseKinds)("the repositories' facts on %s", (kind) => {
  const github = useResource(startGithubStandIn);
  const { database, app } = useTestApp(kind, () => ({
    FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
    GITHUB_API_URL: github.url,
  }));
  const db = () => database.db;
  const refresh = (now: Date) => app.services.repositories.refreshRepositories(now);
  const factsOf = async (toolId: string) =>
    (await db().select().from(repositoryFacts).where(eq(repositoryFacts.toolId, toolId)))[0];

  beforeEach(async () => {
    await db().execute(sql`delete from tools`);
    await db().delete(forgeStatus);
    await db().delete(webhookEndpoints);
    github.repositories.clear();
    github.requests.length = 0;
    github.budget.anonymous = 60;
    github.budget.token = 5000;
    github.budget.resetAt = new Date(Date.now() + HOUR);
    github.secondaryLimit = null;
    github.secondaryLimitWords = false;
    github.refused.clear();
  });

  it("tells the endpoints that chose tool.health when a read finds a repository's health changed, once a change", async () => {
    await db()
      .insert(webhookEndpoints)
      .values({
        url: "https://hooks.example/health",
        events: ["tool.health"],
        secret: "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=",
      });
    await db()
      .insert(webhookEndpoints)
      .values({
        url: "https://hooks.example/other",
        events: ["tool.updated"],
        secret: "whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=",
      });
    const url = "https://github.com/indie/quiet";
    const tool = await insertTool(db(), { repositoryUrl: url });
    const start = new Date("2026-11-25T00:00:00Z");
    const later = (days: number) => new Date(start.getTime() + days * 24 * HOUR);
    github.repositories.set("indie/quiet", repository(10));
    // The first read has nothing to compare with; the next, a day later, finds it as it was.
    await refresh(start);
    await refresh(later(1));
    // Half a year without a commit: slowing. The day after, still slowing: nothing new.
    await refresh(later(200));
    await refresh(later(201));
    // Archived.
    github.repositories.set("indie/quiet", { ...repository(10), archived: true });
    await refresh(later(202));
    const sent = rowsOf<{ payload: { event: string; body: string } }>(
      await db().execute(sql`select payload from outbox where channel = 'webhook' order by id`),
    ).map((row) => JSON.parse(row.payload.body) as { type: string; data: { tool: { id: string }; health: unknown } });
    expect(sent.map((body) => [body.type, body.data.tool.id, body.data.health])).toEqual([
      ["tool.health", tool.id, { repository: url, before: "maintained", after: "slowing" }],
      ["tool.health", tool.id, { repository: url, before: "slowing", after: "archived" }],
    ]);
  });

  it("keeps one row per tool with a repository address: a new address starts over, none removes the facts", async () => {
    const tool = await insertTool(db(), { repositoryUrl: "https://github.com/indie/one" });
    const plain = await insertTool(db());
    expect(await factsOf(tool.id)).toMatchObject({ url: "https://github.com/indie/one", state: "pending" });
    expect(await factsOf(plain.id)).toBeUndefined();

    github.repositories.set("indie/one", repository(10));
    await refresh(new Date());
    expect(await factsOf(tool.id)).toMatchObject({ state: "read", stars: 10 });
    expect(await db().select().from(repositoryHistory)).toHaveLength(1);

    // Any other write of the tool leaves them.
    await db().update(tools).set({ views: 5, name: "Renamed" }).where(eq(tools.id, tool.id));
    expect(await factsOf(tool.id)).toMatchObject({ state: "read", stars: 10 });

    await db().update(tools).set({ repositoryUrl: "https://github.com/indie/two" }).where(eq(tools.id, tool.id));
    expect(await factsOf(tool.id)).toMatchObject({
      url: "https://github.com/indie/two",
      state: "pending",
      stars: null,
    });
    expect(await db().select().from(repositoryHistory)).toHaveLength(0);

    await db().update(tools).set({ repositoryUrl: null }).where(eq(tools.id, tool.id));
    expect(await factsOf(tool.id)).toBeUndefined();
  });

  it("writes the facts, the tool's licence and its kind, and this week's record; an admin's licence stays", async () => {
    const open = await insertTool(db(), { repositoryUrl: "https://github.com/indie/open" });
    const sspl = await insertTool(db(), { repositoryUrl: "https://github.com/indie/sspl" });
    const fixed = await insertTool(db(), {
      repositoryUrl: "https://github.com/indie/fixed",
      licence: "Elastic-2.0",
      licenceKind: "source-available",
      isLicenceSetByAdmin: true,
    });
    github.repositories.set("indie/open", repository(1200, "AGPL-3.0"));
    github.repositories.set("indie/sspl", repository(300, "SSPL-1.0"));
    github.repositories.set("indie/fixed", repository(50, "MIT"));
    const now = new Date("2026-11-25T10:00:00Z");
    const run = await refresh(now);
    expect(run).toMatchObject({ read: 3, unchanged: 0, missing: 0, failed: 0, requests: 9, repositories: 3, stale: 0 });

    expect(await factsOf(open.id)).toMatchObject({
      state: "read",
      stars: 1200,
      forks: 120,
      isArchived: false,
      licence: "AGPL-3.0",
      latestReleaseTag: "v1.0.0",
      latestReleaseAt: new Date("2026-09-01T00:00:00Z"),
      lastCommitAt: new Date("2026-11-20T08:00:00Z"),
      firstReadAt: now,
      checkedAt: now,
    });
    const licences = await db()
      .select({ id: tools.id, licence: tools.licence, kind: tools.licenceKind })
      .from(tools)
      .orderBy(tools.name);
    expect(Object.fromEntries(licences.map((row) => [row.id, [row.licence, row.kind]]))).toEqual({
      [open.id]: ["AGPL-3.0-only", "open-source"],
      [sspl.id]: ["SSPL-1.0", "source-available"],
      [fixed.id]: ["Elastic-2.0", "source-available"],
    });

    // Week 48 of 2026; the days since 2000-01-01 of the last commit and the release.
    const [history] = await db().select().from(repositoryHistory).where(eq(repositoryHistory.toolId, open.id));
    expect(history).toMatchObject({ year: 2026 });
    const [week] = rowsOf<{ stars: number; forks: number; commit_day: number; release_day: number }>(
      await db().execute(sql`select stars[48] as stars, forks[48] as forks, commit_days[48] as commit_day,
        release_days[48] as release_day from repository_history where tool_id = ${open.id}`),
    );
    expect(week).toEqual({ stars: 1200, forks: 120, commit_day: 9820, release_day: 9740 });

    // Later the same week: the facts move on, the week's record stays the first read's.
    github.repositories.get("indie/open")!.stargazers_count = 1250;
    await refresh(new Date(now.getTime() + 24 * HOUR));
    expect(await factsOf(open.id)).toMatchObject({ stars: 1250, firstReadAt: now });
    // Next week: a new record.
    github.repositories.get("indie/open")!.stargazers_count = 1400;
    await refresh(new Date("2026-12-02T10:00:00Z"));
    const [weeks] = rowsOf<{ w48: number; w49: number }>(
      await db().execute(
        sql`select stars[48] as w48, stars[49] as w49 from repository_history where tool_id = ${open.id}`,
      ),
    );
    expect(weeks).toEqual({ w48: 1200, w49: 1400 });

    const page = await app.services.tools.getRelatedToTool({
      ...(await app.services.tools.findPublicToolById(open.id))!,
    });
    expect(page.repository).toMatchObject({
      url: "https://github.com/indie/open",
      state: "read",
      stars: 1400,
      starsByWeek: [
        { week: "2026-11-23", stars: 1200 },
        { week: "2026-11-30", stars: 1400 },
      ],
    });
  });

  it("reads each repository about once a day, again with its ETags, and records one that is gone", async () => {
    const tool = await insertTool(db(), { repositoryUrl: "https://github.com/indie/counter" });
    const gone = await insertTool(db(), { repositoryUrl: "https://github.com/indie/gone" });
    github.repositories.set("indie/counter", repository(10));
    const now = new Date();
    expect(await refresh(now)).toMatchObject({ read: 1, missing: 1, requests: 4 });
    expect(await factsOf(gone.id)).toMatchObject({ state: "missing", checkedAt: now });

    // An hour later nothing is due.
    github.requests.length = 0;
    expect(await refresh(new Date(now.getTime() + HOUR))).toMatchObject({ read: 0, requests: 0 });
    expect(github.requests).toHaveLength(0);

    // A day later: conditional requests, all 304.
    const later = new Date(now.getTime() + 24 * HOUR);
    const run = await refresh(later);
    expect(run).toMatchObject({ read: 0, unchanged: 1, missing: 1 });
    expect(github.requests.filter((request) => request.status === 304)).toHaveLength(3);
    expect(github.requests.every((request) => request.status !== 304 || request.headers["if-none-match"])).toBe(true);
    expect(await factsOf(tool.id)).toMatchObject({ stars: 10, checkedAt: later });
  });

  it("leaves a reserve of the hourly budget, and reads the most viewed live tools first, then the stalest", async () => {
    const made = [];
    for (let index = 0; index < 25; index++) {
      github.repositories.set(`indie/r${index}`, repository(index));
      made.push(
        await insertTool(db(), { repositoryUrl: `https://github.com/indie/r${index}`, views: index === 24 ? 999 : 0 }),
      );
    }
    // 60 requests an hour, 6 kept for the form: 18 reads of 3 requests.
    const now = new Date();
    const run = await refresh(now);
    expect(run).toMatchObject({ read: 18, requests: 54, repositories: 25, stale: 7 });
    expect(await factsOf(made[24]!.id)).toMatchObject({ state: "read" });
    expect(github.budget.anonymous).toBe(6);
    const [status] = await db().select().from(forgeStatus);
    expect(status).toMatchObject({ forge: "github", remaining: 6 });

    // The budget is spent until its reset: the next run reads nothing.
    github.requests.length = 0;
    expect(await refresh(new Date(now.getTime() + 60_000))).toMatchObject({ read: 0, requests: 0 });
    expect(github.requests).toHaveLength(0);

    // Once it is reset, the rest.
    github.budget.anonymous = 60;
    github.budget.resetAt = new Date(Date.now() + 2 * HOUR);
    expect(await refresh(new Date(now.getTime() + 1.5 * HOUR))).toMatchObject({ read: 7, stale: 0 });
  });

  it("stops at a secondary limit, and makes no request until the forge's time has come", async () => {
    await insertTool(db(), { repositoryUrl: "https://github.com/indie/a" });
    await insertTool(db(), { repositoryUrl: "https://github.com/indie/b" });
    github.repositories.set("indie/a", repository(1));
    github.repositories.set("indie/b", repository(2));
    github.secondaryLimit = 600;
    const now = new Date();
    const run = await refresh(now);
    expect(run.read).toBe(0);
    expect(run.requests).toBe(1);
    expect(new Date(run.limitedUntil!).getTime()).toBeGreaterThan(Date.now() + 500_000);

    github.secondaryLimit = null;
    github.requests.length = 0;
    expect(await refresh(new Date(now.getTime() + 60_000))).toMatchObject({ read: 0, requests: 0 });
    expect(github.requests).toHaveLength(0);
    expect(await refresh(new Date(now.getTime() + 11 * 60_000))).toMatchObject({ read: 2, limitedUntil: null });
  });

  it("marks a repository GitHub blocked as gone and reads the others, in this run and the next", async () => {
    const blocked = await insertTool(db(), { repositoryUrl: "https://github.com/indie/blocked", views: 999 });
    const others = [await insertTool(db(), { repositoryUrl: "https://github.com/indie/a" })];
    others.push(await insertTool(db(), { repositoryUrl: "https://github.com/indie/b" }));
    github.refused.set("indie/blocked", { status: 403, message: "Repository access blocked" });
    github.repositories.set("indie/a", repository(1));
    github.repositories.set("indie/b", repository(2));
    const now = new Date();
    expect(await refresh(now)).toMatchObject({ read: 2, missing: 1, limitedUntil: null });
    expect(await factsOf(blocked.id)).toMatchObject({ state: "missing", checkedAt: now });
    for (const tool of others) expect(await factsOf(tool.id)).toMatchObject({ state: "read" });
    // Not first again the next hour: it waits its day like any other.
    github.requests.length = 0;
    expect(await refresh(new Date(now.getTime() + HOUR))).toMatchObject({ requests: 0 });
  });

  it("stops an hour at most, whatever the forge or a kept status says", async () => {
    await insertTool(db(), { repositoryUrl: "https://github.com/indie/a" });
    github.repositories.set("indie/a", repository(1));
    const now = new Date();
    // A status kept from before the rule: a limit until 2036, and a budget spent until then.
    await db()
      .insert(forgeStatus)
      .values({
        forge: "github",
        remaining: 0,
        resetAt: new Date("2036-12-04T00:00:00Z"),
        limitedUntil: new Date("2036-12-04T00:00:00Z"),
      });
    expect(await refresh(now)).toMatchObject({ read: 1, limitedUntil: null });

    // A forge that names 2036: the run stops, for an hour.
    await insertTool(db(), { repositoryUrl: "https://github.com/indie/b" });
    github.repositories.set("indie/b", repository(2));
    github.budget.anonymous = 0;
    github.budget.resetAt = new Date("2036-12-04T00:00:00Z");
    const run = await refresh(now);
    expect(new Date(run.limitedUntil!).getTime()).toBeLessThanOrEqual(Date.now() + HOUR);
    github.budget.anonymous = 60;
    expect(await refresh(new Date(Date.now() + HOUR + 60_000))).toMatchObject({ read: 1 });
  });

  it("stores figures past a column's range as far as it holds them, and a commit dated after now as now", async () => {
    const tool = await insertTool(db(), { repositoryUrl: "https://github.com/indie/huge" });
    github.repositories.set("indie/huge", {
      ...repository(3_000_000_000),
      commits: ["2095-06-01T00:00:00Z"],
      release: { tag_name: "v2095", published_at: "2095-06-01T00:00:00Z" },
    });
    const now = new Date();
    expect(await refresh(now)).toMatchObject({ read: 1, failed: 0 });
    const facts = await factsOf(tool.id);
    expect(facts).toMatchObject({ state: "read", stars: 2_147_483_647, forks: 300_000_000 });
    expect(facts!.lastCommitAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("tells the console the budget and the last run, on /admin/system", async () => {
    await insertTool(db(), { repositoryUrl: "https://github.com/indie/a" });
    github.repositories.set("indie/a", repository(1));
    const now = new Date();
    await refresh(now);
    expect(await app.services.repositories.readStatus()).toMatchObject({
      forge: "github",
      hasToken: false,
      hourlyBudget: 60,
      remaining: 57,
      lastRunAt: now.toISOString(),
      lastRun: { read: 1, repositories: 1, stale: 0 },
    });
    const admin = await signUpPerson(app, database.db, "Ada", { role: "admin" });
    const page = await (await admin.client.request("/admin/system")).text();
    const panel = page.slice(page.indexOf('data-testid="system-repositories"'));
    expect(panel).toContain("1 read, 0 unchanged, 0 gone, 0 failed");
    expect(panel).toContain("0 of 1");
    expect(panel).toContain("57 of 60 requests left this hour (no GITHUB_TOKEN: 60 an hour)");
  });

  it("shows the licence, its kind and the repository's facts with their day on the tool page, and the kind on cards", async () => {
    const tool = await insertTool(db(), {
      name: "Counter",
      repositoryUrl: "https://github.com/indie/counter",
      selfHostable: "confirmed",
    });
    const unknown = await insertTool(db(), { name: "Oddity", licence: "LicenseRef-Odd" });
    github.repositories.set("indie/counter", { ...repository(1234, "BUSL-1.1"), archived: true });
    const now = new Date();
    await refresh(now);

    const page = await (await app.request(`/tool/${tool.slug}`, { headers: PERSON })).text();
    const facts = page.slice(page.indexOf('data-testid="tool-facts"'));
    expect(facts).toContain("Business Source License 1.1");
    expect(facts).toContain("Source-available");
    expect(facts).toContain("it is not open source");
    expect(facts).toContain("Self-hostable, checked by a verifier");
    expect(facts).toMatch(/data-testid="facts-stars"[^]*?1,234/);
    expect(facts).toMatch(/data-testid="facts-health"[^]*?Archived/);
    expect(facts).toContain(
      `Checked on ${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(now)}`,
    );
    expect(facts).toContain('href="https://github.com/indie/counter"');

    const odd = await (await app.request(`/tool/${unknown.slug}`, { headers: PERSON })).text();
    expect(odd).toContain("LicenseRef-Odd (licence not recognised)");
    expect(odd).not.toContain("Open source");

    const list = await (await app.request("/tools", { headers: PERSON })).text();
    const card = list.slice(list.indexOf(">Counter<"));
    expect(card.slice(0, card.indexOf("</article>"))).toMatch(/Source-available[^]*Self-hostable/);

    const related = (await (await app.request(`/api/v1/tools/${tool.id}/related`)).json()) as { repository: unknown };
    expect(related.repository).toMatchObject({ stars: 1234, isArchived: true, health: "archived" });
  });

  it("lets only an admin set a licence by hand, kept over the repository's reads, and hand it back", async () => {
    const maker = await insertUser(db(), { username: "Maker" });
    const other = await insertUser(db(), { username: "Other" });
    const verifier = await insertUser(db(), { username: "Verifier", role: "verifier" });
    const admin = await insertUser(db(), { username: "Admin", role: "admin" });
    const tool = await insertTool(db(), {
      repositoryUrl: "https://github.com/indie/n8n",
      creatorUsername: maker.slug,
      isLinkedToCreator: true,
      submittedBy: maker.id,
    });
    github.repositories.set("indie/n8n", repository(100, "MIT"));
    await refresh(new Date());
    const input = {
      toolId: tool.id,
      licence: "Sustainable-Use-1.0",
      kind: "source-available" as const,
      fromRepository: false,
    };

    for (const [who, session, code] of [
      ["a visitor", null, "unauthenticated"],
      ["a signed-in guest", other.session, "permission-denied"],
      ["the tool's maker", maker.session, "permission-denied"],
      ["a verifier", verifier.session, "permission-denied"],
    ] as const)
      await expect(app.services.admin.setToolLicence(session, input), who).rejects.toMatchObject({ code });
    expect((await db().select().from(tools).where(eq(tools.id, tool.id)))[0]).toMatchObject({
      licence: "MIT",
      licenceKind: "open-source",
      isLicenceSetByAdmin: false,
    });

    const set = await app.services.admin.setToolLicence(admin.session, input);
    expect(set.licence).toEqual({ text: "Sustainable-Use-1.0", kind: "source-available", isSetByAdmin: true });
    // The next read of the repository leaves it.
    await refresh(new Date(Date.now() + 25 * HOUR));
    expect((await db().select().from(tools).where(eq(tools.id, tool.id)))[0]).toMatchObject({
      licence: "Sustainable-Use-1.0",
      licenceKind: "source-available",
    });

    const back = await app.services.admin.setToolLicence(admin.session, { ...input, fromRepository: true });
    expect(back.licence).toEqual({ text: "MIT", kind: "open-source", isSetByAdmin: false });
  });

  it("takes a maker's repository and self-hosting from the form: a verifier's word confirms it", async () => {
    const category = await insertCategory(db());
    const maker = await insertUser(db(), { username: "Form Maker" });
    const verifier = await insertUser(db(), { username: "Form Verifier", role: "verifier" });
    const submitted = await app.services.lifecycle.submitTool(
      maker.session,
      toolInput(category.id, { repository: "https://github.com/indie/counter", isSelfHostable: true }),
    );
    expect(submitted).toMatchObject({ repositoryUrl: "https://github.com/indie/counter", selfHostable: "declared" });
    expect(await factsOf(submitted.id)).toMatchObject({ state: "pending" });

    const confirmed = await app.services.lifecycle.updateTool(
      verifier.session,
      submitted.id,
      toolInput(category.id, { repository: "https://github.com/indie/counter", isSelfHostable: true }),
    );
    expect(confirmed.selfHostable).toBe("confirmed");
    // The maker saving again keeps the verifier's confirmation; unticking takes it away.
    const kept = await app.services.lifecycle.updateTool(
      maker.session,
      submitted.id,
      toolInput(category.id, { repository: "https://github.com/indie/counter", isSelfHostable: true }),
    );
    expect(kept.selfHostable).toBe("confirmed");
    const dropped = await app.services.lifecycle.updateTool(
      maker.session,
      submitted.id,
      toolInput(category.id, { repository: null, isSelfHostable: false, website: "https://github.com/indie/other" }),
    );
    // A website that is a repository is its own.
    expect(dropped).toMatchObject({ selfHostable: null, repositoryUrl: "https://github.com/indie/other" });

    // The form's words: an address on another host is refused with the field's message.
    const parsed = toolInputSchema.safeParse({
      ...toolInput(category.id),
      tags: "",
      repository: "https://gitlab.com/indie/counter",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["repository"],
      message: "Enter the repository's address on GitHub, such as https://github.com/owner/name",
    });
    expect(normalizeRepositoryUrl("github.com/Indie/Counter.git/tree/main")).toBe("https://github.com/Indie/Counter");
  });

  it("shows a maker their tools' facts on /my-tools", async () => {
    const category = await insertCategory(db());
    const maker = await signUpPerson(app, database.db, "Mia");
    const counter = await app.services.lifecycle.submitTool(
      maker.session,
      toolInput(category.id, { repository: "https://github.com/indie/counter", isSelfHostable: true }),
    );
    await app.services.lifecycle.submitTool(
      maker.session,
      toolInput(category.id, {
        name: "Other",
        website: "https://other.example",
        repository: "https://github.com/indie/other",
      }),
    );
    const listed = async () => {
      const page = await (await maker.client.request("/my-tools")).text();
      return [...page.matchAll(/data-testid="user-tool-facts"[^>]*>([^<]*)</g)].map((match) => match[1]);
    };
    expect(await listed()).toEqual([
      "Repository not read yet",
      "Self-hostable: waiting for a verifier · Repository not read yet",
    ]);
    // A commit three days ago, whenever the test runs: maintained.
    github.repositories.set("indie/counter", {
      ...repository(1234, "AGPL-3.0"),
      commits: [new Date(Date.now() - 3 * 86_400_000).toISOString()],
    });
    const now = new Date();
    await refresh(now);
    const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(now);
    expect(await listed()).toEqual([
      `Repository no longer public · Checked on ${day}`,
      `Open source · Self-hostable: waiting for a verifier · 1,234 stars · Maintained · Checked on ${day}`,
    ]);
    expect(counter.id).toBeTruthy();
  });

  it("scores the tools whose stars grow fastest for their size, lists them by it, and shows them on the home page", async () => {
    const big = await insertTool(db(), { name: "Big", repositoryUrl: "https://github.com/indie/big" });
    const small = await insertTool(db(), { name: "Small", repositoryUrl: "https://github.com/indie/small" });
    const still = await insertTool(db(), { name: "Still", repositoryUrl: "https://github.com/indie/still" });
    github.repositories.set("indie/big", repository(10_000));
    github.repositories.set("indie/small", repository(100));
    github.repositories.set("indie/still", repository(500));
    // Week 48, then week 49: the second read has last week's record to compare with.
    await refresh(new Date("2026-11-25T10:00:00Z"));
    expect(
      (await app.request("/", { headers: PERSON }).then((response) => response.text())).includes(
        'data-testid="rising"',
      ),
    ).toBe(false);
    expect((await app.request("/", { headers: PERSON })).headers.get("x-cache")).toBe("hit");
    github.repositories.get("indie/big")!.stargazers_count = 10_500;
    github.repositories.get("indie/small")!.stargazers_count = 180;
    await refresh(new Date("2026-12-02T10:00:00Z"));
    const scores = Object.fromEntries(
      (await db().select({ name: tools.name, rising: tools.rising }).from(tools)).map((row) => [row.name, row.rising]),
    );
    // 500 gained on 10,000 (damped by 100) against 80 on 100: the small one rises faster.
    expect(scores).toEqual({ Big: 495, Small: 4000, Still: 0 });

    // The refresh told the pages that show the rising tools: the home page is read again, with its new section.
    const home = await app.request("/", { headers: PERSON });
    expect(home.headers.get("x-cache")).toBe("miss");
    const section = (await home.text()).split('data-testid="rising"')[1]!.split("</section>")[0]!;
    expect([...section.matchAll(/<h3><a[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(["Small", "Big"]);
    // Sorted by rising, then by id among those that did not rise.
    const list = await (await app.request("/tools?sort=rising", { headers: PERSON })).text();
    expect([...list.matchAll(/<h3><a[^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(["Small", "Big", "Still"]);
    expect([big.id, small.id, still.id]).toHaveLength(3);
  });
});
