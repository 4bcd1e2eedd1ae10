/**
 * How the site is doing, for its operator: /admin/system for admins only, and /metrics for a scraper with the token,
 * in Prometheus' text format, showing the same figures.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox, scheduledRuns } from "#server/db/schema.ts";
import { recordBackup } from "#server/system/monitor.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { signUpPerson } from "../setup/people.ts";

const TOKEN = "a-metrics-token-long-enough";

/** Prometheus' text format, line by line: every sample is `name{labels} value`, every other line a comment. */
function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})?) (-?[0-9.e+-]+|nan|[+-]?inf)$/i.exec(
        line,
      );
    if (!sample) throw new Error(`not Prometheus' text format: ${line}`);
    samples.set(sample[1]!, Number(sample[2]));
  }
  return samples;
}

describe.each(databaseKinds)("the system page and /metrics on %s", (kind) => {
  const { database, app } = useTestApp(kind, { METRICS_TOKEN: TOKEN });

  let admin: Awaited<ReturnType<typeof signUpPerson>>;

  beforeAll(async () => {
    // The admin's sign-up mails them its confirmation: delivered before the rows this file counts are written.
    admin = await signUpPerson(app, database.db, "Adam", { role: "admin" });
    await app.services.outbox.drain();
    await database.db.insert(outbox).values([
      { key: "a", channel: "mail", payload: {}, state: "failed", attempts: 8, lastError: "refused" },
      { key: "b", channel: "mail", payload: {}, state: "due", attempts: 2, dueAt: new Date(Date.now() + 60_000) },
      { key: "c", channel: "webhook", lane: "hooks.example", payload: {}, state: "due" },
      { key: "d", channel: "notice", payload: {}, state: "delivered", deliveredAt: new Date() },
    ]);
    await database.db.insert(scheduledRuns).values({
      job: "daily",
      startedAt: new Date("2026-11-26T03:00:00Z"),
      finishedAt: new Date("2026-11-26T03:02:00Z"),
    });
    await recordBackup(database.db, { archive: "/backups/site.tar.gz", databaseBytes: 5_000_000, files: 12 });
    await app.services.system.heartbeat();
    // One page asked for twice: a miss, then a hit.
    for (let index = 0; index < 2; index++)
      expect((await createClient(app.request).request("/categories")).status).toBe(200);
  });

  it("shows an admin the outbox, the jobs, the last backup, the cache, the database and the processes", async () => {
    const response = await admin.client.request("/admin/system");
    expect(response.status).toBe(200);
    const html = await response.text();
    /** A panel's words, without its markup. */
    const section = (testId: string) => {
      const start = html.indexOf(`data-testid="${testId}"`);
      return html
        .slice(start, html.indexOf("</section>", start))
        .replaceAll("<!-- -->", "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ");
    };
    // mail: 0 due now (the retry waits a minute), 1 failing, 1 failed; webhook: 1 due.
    expect(section("system-outbox")).toContain("mail 0 1 1 webhook 1 0 0");
    expect(section("system-jobs")).toContain("2026-11-26 03:00 UTC");
    expect(section("system-jobs")).toContain("2026-11-27 03:00 UTC");
    expect(section("system-backup")).toContain("/backups/site.tar.gz (database 4.8 MB, 12 stored files)");
    expect(section("system-cache")).toMatch(/50\.0 % of 2 asked|33\.3 % of 3 asked/);
    expect(section("system-database")).toMatch(/(MB|kB) in all/);
    expect(section("system-database")).toContain("tools");
    expect(section("system-processes")).toContain(`pid ${process.pid}`);
    expect(section("system-processes")).toContain("(this one)");
  });

  it("serves /metrics to the token only, parseable, with the same figures and the latencies", async () => {
    const metrics = (authorization?: string) =>
      app.request("/metrics", { headers: authorization ? { authorization } : {} });
    for (const wrong of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const refused = await metrics(wrong);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    }
    const response = await metrics(`bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const samples = parseMetrics(await response.text());
    expect(samples.get('indie_outbox_messages{channel="mail",state="failed"}')).toBe(1);
    expect(samples.get('indie_outbox_messages{channel="mail",state="failing"}')).toBe(1);
    expect(samples.get('indie_outbox_messages{channel="webhook",state="due"}')).toBe(1);
    expect(samples.get('indie_job_last_start_timestamp_seconds{job="daily"}')).toBe(
      Date.parse("2026-11-26T03:00:00Z") / 1000,
    );
    expect(samples.get("indie_backup_last_timestamp_seconds")).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(samples.get("indie_page_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(samples.get("indie_database_bytes")).toBeGreaterThan(0);
    expect(samples.get("indie_app_processes")).toBe(1);
    expect(samples.get('indie_tools_info{version="0.1.0"}')).toBe(1);
    expect(
      samples.get('http_request_duration_seconds_count{method="GET",kind="page",status="2xx"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(samples.get("process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  // Last: its sign-ups wake the outbox's worker, which then tries the rows the tests above count.
  it("is for admins only", async () => {
    const visitor = await createClient(app.request).request("/admin/system");
    expect(visitor.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/system")}`);
    for (const [name, role] of [
      ["Gus", "guest"],
      ["Vera", "verifier"],
    ] as const) {
      const person = await signUpPerson(app, database.db, name, { role });
      expect((await person.client.request("/admin/system")).status).toBe(403);
    }
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  it("does not exist", async () => {
    const database = await openTestDatabase("pglite");
    try {
      const app = await createTestApp(database);
      expect(
        (await app.request("/metrics", { headers: { authorization: "Bearer anything-at-all-here" } })).status,
      ).toBe(404);
      expect(await database.db.execute(sql`select 1`)).toBeTruthy();
    } finally {
      await database.close();
    }
  });
});
