/**
 * Two compiled app processes (build/server/main.js) on one PostgreSQL and one S3-compatible bucket (a real s3rver), as
 * a deploy behind a load balancer runs them: whatever a person does on one, the other knows. PostgreSQL only: the
 * embedded database serves one process.
 */
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROOF_FIELD } from "#common/spam-fields.ts";
import { METRICS } from "#server/analytics/metrics.ts";
import {
  analyticsSalts,
  dailyStats,
  dailyVisitors,
  scheduledRuns,
  tools,
  users,
  webhookEndpoints,
} from "#server/db/schema.ts";
import { LANE_IN_FLIGHT } from "#server/outbox/worker.ts";
import { webhookEvents } from "#server/webhooks/events.ts";
import { insertCategory, insertTool, toolInput } from "../factories.ts";
import { startLocalServer, type LocalServer } from "../setup/local-http.ts";
import { startSmtpReceiver } from "../setup/smtp.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { startTestBucket, type TestBucket } from "../setup/s3.ts";
import { solvedProof } from "../setup/proof-of-work.ts";
import { type ServerProcess, startServerProcess } from "../setup/server-process.ts";
import { waitUntil } from "../setup/wait.ts";

const AUTH_SECRET = "a-secret-both-processes-share-to-sign-sessions";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A form POST or a JSON call to one process, from the visitor at `address` (the processes trust X-Forwarded-For). */
async function send(
  server: ServerProcess,
  pathname: string,
  init: { body: BodyInit; type?: string; cookie?: string; address?: string },
): Promise<Response> {
  return fetch(server.url + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      "x-forwarded-for": init.address ?? "203.0.113.1",
      ...(init.type ? { "content-type": init.type } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body,
  });
}

/** The anti-spam proof of work a browser solves for `server`'s forms and submitTool. */
function proofFor(server: ServerProcess): Promise<string> {
  return solvedProof((path) => fetch(new URL(path, server.url)));
}

async function register(server: ServerProcess, username: string, email: string, address?: string): Promise<Response> {
  return send(server, "/register", {
    type: "application/x-www-form-urlencoded",
    address,
    body: new URLSearchParams({
      username,
      email,
      password: "long-enough",
      [PROOF_FIELD]: await proofFor(server),
    }).toString(),
  });
}

function cookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  expect(cookie, "the registration signed the user in").toContain("session_token=");
  return cookie;
}

async function call(server: ServerProcess, name: string, cookie: string, tool: unknown): Promise<Response> {
  const proof = name === "submitTool" ? { [PROOF_FIELD]: await proofFor(server) } : {};
  return send(server, `/api/functions/${name}`, {
    type: "application/json",
    cookie,
    body: JSON.stringify({ tool, ...proof }),
  });
}

/** Polls `check` every 20 ms until it answers true or `withinMs` passed; answers how long it took (or Infinity). */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  return (await waitUntil(check, { timeoutMs: withinMs })) ? Date.now() - started : Number.POSITIVE_INFINITY;
}

describe.runIf(process.env.TEST_DATABASE_URL)("two app processes on one PostgreSQL and one bucket", () => {
  let database: TestDatabase;
  let bucket: TestBucket;
  let first: ServerProcess;
  let second: ServerProcess;
  let categoryId: string;

  beforeAll(async () => {
    [database, bucket] = await Promise.all([openTestDatabase("postgres"), startTestBucket()]);
    // The scheduled jobs are first tried 2 s after each start, instead of 30 s: both processes' timers fire together.
    const env = {
      DATABASE_URL: database.url,
      AUTH_SECRET,
      TRUST_PROXY: "true",
      JOBS_FIRST_RUN_AFTER_SECONDS: "2",
      ...bucket.env,
    };
    [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    categoryId = (await insertCategory(database.db)).id;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await Promise.all([database?.close(), bucket?.close()]);
  });

  it("runs each scheduled job once, though both processes' timers try it", async () => {
    const finished = await within(20_000, async () => {
      const rows = await database.db.select().from(scheduledRuns);
      return ["daily", "hourly"].every((job) => rows.some((row) => row.job === job && row.finishedAt !== null));
    });
    expect(finished, "both jobs ran and finished").toBeLessThan(Number.POSITIVE_INFINITY);
    // Both timers have fired by now (each 2 s after its start); the one that lost the claim skipped the run.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const lines = [...first.output, ...second.output];
    expect(lines.filter((line) => /scheduled job daily: ran in \d+ ms/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /scheduled job hourly: ran in \d+ ms/.test(line))).toHaveLength(1);
    expect(lines.join("\n")).not.toMatch(/WARN|ERROR/);
  });

  it("signs a person up on one and serves their session on the other: a tool submitted on the other, its logo uploaded and saved on the first and served by the other from the bucket, verified there, and the first's cached page changes within a second", async () => {
    const ada = cookieOf(await register(first, "Ada", "ada@example.com"));

    // Ada's session, made by the first process, submits a tool on the second.
    const submitted = await call(
      second,
      "submitTool",
      ada,
      toolInput(categoryId, { name: "Crossing Counter", website: "https://crossing-counter.example" }),
    );
    expect(submitted.status).toBe(200);
    const { tool } = ((await submitted.json()) as { result: { tool: { id: string; slug: string } } }).result;
    const [ownerRow] = await database.db
      .select({ submittedBy: tools.submittedBy })
      .from(tools)
      .where(eq(tools.id, tool.id));
    const [adaRow] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "ada@example.com"));
    expect(ownerRow?.submittedBy).toBe(adaRow?.id);

    // Her logo, uploaded through the first process, lands in the bucket and is read from the bucket's address.
    const form = new FormData();
    const png = await sharp({ create: { width: 128, height: 128, channels: 3, background: "#0ea5e9" } })
      .png()
      .toBuffer();
    form.append("file", new Blob([new Uint8Array(png)]), "logo.png");
    const uploaded = await fetch(`${first.url}/api/v1/tools/${tool.id}/images/logo`, {
      method: "POST",
      headers: { origin: first.url, cookie: ada },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { url: logo } = (await uploaded.json()) as { url: string };
    expect(logo.startsWith(`${bucket.endpoint}/${bucket.bucket}/tools/${tool.id}/`)).toBe(true);
    const image = await fetch(logo);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/webp"]);
    // Ada saves the tool with it through the first process's form, as the browser does after the upload: the address
    // comes back in `logoUrl`.
    const edit = new FormData();
    for (const [name, value] of Object.entries({
      toolId: tool.id,
      intent: "save",
      name: "Crossing Counter",
      website: "https://crossing-counter.example",
      shortDesc: "Counts visitors without cookies, for small sites.",
      tags: "analytics",
      paymentType: "free",
      logoUrl: logo,
    }))
      edit.append(name, value);
    edit.append("categories", categoryId);
    const saved = await send(first, `/edit-tool/${tool.id}`, { body: edit, cookie: ada });
    expect([saved.status, saved.headers.get("location")]).toEqual([302, "/my-tools"]);
    const [savedRow] = await database.db.select({ logo: tools.logo }).from(tools).where(eq(tools.id, tool.id));
    expect(savedRow?.logo).toBe(logo);

    // The first process caches the pages that do not show the waiting tool yet (once it has heard of the logo's
    // change, which drops the tool's page: until then a page it keeps may be dropped again).
    const page = `/tool/${tool.slug}`;
    const cached = await within(5_000, async () => {
      const [toolPage, home] = await Promise.all([fetch(first.url + page), fetch(`${first.url}/`)]);
      expect(toolPage.status).toBe(404);
      expect(await home.text()).not.toContain("Crossing Counter");
      await toolPage.text();
      return toolPage.headers.get("x-cache") === "hit" && home.headers.get("x-cache") === "hit";
    });
    expect(cached, "the first process serves both pages from its cache").toBeLessThan(Number.POSITIVE_INFINITY);

    // A verifier, signed up on the second process, makes it live there.
    const vera = cookieOf(await register(second, "Vera", "vera@example.com"));
    await database.db.update(users).set({ role: "verifier" }).where(eq(users.email, "vera@example.com"));
    expect((await call(second, "toolVerified", vera, { id: tool.id })).status).toBe(200);

    // The first process heard it: its cached pages are rendered anew, with the tool and its logo from the bucket.
    let shown = "";
    const took = await within(1_000, async () => {
      const response = await fetch(first.url + page);
      if (response.status !== 200) return false;
      shown = await response.text();
      return true;
    });
    expect(took).toBeLessThan(1_000);
    expect(shown).toContain("Crossing Counter");
    expect(shown).toContain(logo);
    const home = await fetch(`${first.url}/`);
    expect(home.headers.get("x-cache")).toBe("miss");
    expect(await home.text()).toContain("Crossing Counter");

    // The second process names the same image on the tool's page, and its bytes come from the shared bucket: the
    // picture Ada uploaded on the first.
    const onSecond = await fetch(second.url + page);
    expect(onSecond.status).toBe(200);
    const named = /<img src="([^"]+)"[^>]*alt="Crossing Counter/.exec(await onSecond.text())?.[1];
    expect(named).toBe(logo);
    const bytes = await fetch(named!);
    expect([bytes.status, bytes.headers.get("content-type")]).toEqual([200, "image/webp"]);
    const { dominant } = await sharp(Buffer.from(await bytes.arrayBuffer())).stats();
    expect(dominant).toEqual({
      r: expect.closeTo(0x0e, -1.5),
      g: expect.closeTo(0xa5, -1.5),
      b: expect.closeTo(0xe9, -1.5),
    });
  });

  it("shares the day's analytics salt: a visitor counted on one and again on the other is one unique visitor", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const visitorsToday = async () => {
      const [visitors] = await database.db
        .select({ count: count() })
        .from(dailyVisitors)
        .where(eq(dailyVisitors.day, today));
      const [unique] = await database.db
        .select({ count: dailyStats.count })
        .from(dailyStats)
        .where(
          and(
            eq(dailyStats.metric, METRICS.visitors),
            eq(dailyStats.subject, ""),
            eq(dailyStats.detail, ""),
            eq(dailyStats.day, today),
          ),
        );
      return { hashes: visitors?.count ?? 0, unique: unique?.count ?? 0 };
    };
    const view = (server: ServerProcess, pathname: string) =>
      fetch(`${server.url}/api/event`, {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": CHROME, "x-forwarded-for": "192.0.2.44" },
        body: JSON.stringify({
          n: "pageview",
          u: `${server.url}${pathname}`,
          d: new URL(server.url).hostname,
          r: null,
        }),
      });
    const before = await visitorsToday();

    expect((await view(first, "/tools")).status).toBe(202);
    expect(await visitorsToday()).toEqual({ hashes: before.hashes + 1, unique: before.unique + 1 });
    // The same person, the same day, sent to the other process: the same hash, so not counted again.
    expect((await view(second, "/categories")).status).toBe(202);
    expect(await visitorsToday()).toEqual({ hashes: before.hashes + 1, unique: before.unique + 1 });
    const salts = await database.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, today));
    expect(salts).toHaveLength(1);
    // Another browser at the same address is another visitor, whichever process counts it.
    const other = await fetch(`${second.url}/api/event`, {
      method: "POST",
      headers: {
        "content-type": "text/plain",
        "user-agent": `${CHROME} Edg/131.0.0.0`,
        "x-forwarded-for": "192.0.2.44",
      },
      body: JSON.stringify({ n: "pageview", u: `${second.url}/tags`, d: "127.0.0.1", r: null }),
    });
    expect(other.status).toBe(202);
    expect(await visitorsToday()).toEqual({ hashes: before.hashes + 2, unique: before.unique + 2 });
  });

  it("counts a rate limit across both: registrations from one address, split between them, stop at the same total", async () => {
    const address = "198.51.100.7";
    const statuses: number[] = [];
    // registerPerAddress allows 10 an hour: five on each process.
    for (let index = 0; index < 10; index++) {
      const server = index % 2 === 0 ? first : second;
      statuses.push((await register(server, `Limited ${index}`, `limited-${index}@example.com`, address)).status);
    }
    expect(
      statuses.every((status) => status >= 300 && status < 400),
      `statuses: ${statuses.join(", ")}`,
    ).toBe(true);
    for (const server of [first, second]) {
      const refused = await register(
        server,
        "One Too Many",
        `too-many-${server.url.length}-${Date.now()}@example.com`,
        address,
      );
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Too many requests, try again later");
    }
    // Another address is not held back by it.
    expect((await register(second, "Elsewhere", "elsewhere@example.com", "198.51.100.8")).status).toBeLessThan(400);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "two app processes' outboxes behind a webhook receiver that never answers",
  () => {
    let database: TestDatabase;
    let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
    let dead: LocalServer;
    let processes: ServerProcess[] = [];

    beforeAll(async () => {
      [database, smtp, dead] = await Promise.all([
        openTestDatabase("postgres"),
        startSmtpReceiver(),
        startLocalServer("hang"),
      ]);
    });
    afterAll(async () => {
      // Closing the receiver ends its open requests, so the processes stop without waiting for their timeout.
      await dead.close();
      await Promise.all(processes.map((server) => server.stop()));
      await Promise.all([database.close(), smtp.close()]);
    });

    it("hands a sign-in link's mail to the SMTP server within a second, with 50 messages for the dead receiver waiting", async () => {
      await database.db.insert(webhookEndpoints).values({
        url: `${dead.url}/hooks`,
        events: ["tool.submitted"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      });
      const tool = await insertTool(database.db, { name: "Counter" });
      const events = webhookEvents({ siteUrl: "http://localhost:3000" });
      await database.db.transaction(async (tx) => {
        for (let index = 0; index < 50; index++) await events.enqueue(tx, "tool.submitted", { tool: tool.id });
      });
      const env = {
        DATABASE_URL: database.url,
        AUTH_SECRET,
        TRUST_PROXY: "true",
        SMTP_URL: smtp.url,
        FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
        WEBHOOK_TIMEOUT_SECONDS: "60",
      };
      processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      const [first] = processes as [ServerProcess, ServerProcess];
      // Each process's worker takes the due rows at its start, and keeps its lane's sends open on the dead host.
      await dead.waitForRequests(2 * LANE_IN_FLIGHT, 10_000);

      expect((await register(first, "Ada", "ada@example.com", "203.0.113.20")).status).toBe(302);
      smtp.mails.length = 0;
      const asked = Date.now();
      const link = await send(first, "/login", {
        type: "application/x-www-form-urlencoded",
        address: "203.0.113.21",
        body: new URLSearchParams({ intent: "link", email: "ada@example.com" }).toString(),
      });
      expect(await link.text()).toContain("If an account uses ada@example.com, a sign-in link is on its way to it.");
      const mail = await smtp.waitForMail("ada@example.com", { containing: "sign-in link", timeoutMs: 1000 });
      expect(Date.now() - asked).toBeLessThan(1000);
      expect(mail.text).toContain("token=");
      expect(dead.requests).toHaveLength(2 * LANE_IN_FLIGHT);
    });
  },
);
