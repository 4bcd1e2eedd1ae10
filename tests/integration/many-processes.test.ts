/**
 * Two compiled app processes (build/server/main.js) on one PostgreSQL and one S3-compatible bucket (a real s3rver), as
 * a deploy behind a load balancer runs them: whatever a person does on one, the other knows. PostgreSQL only: the
 * embedded database serves one process.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROOF_FIELD } from "#common/spam-fields.ts";
import { scheduledRuns, tools, users } from "#server/db/schema.ts";
import { insertCategory, toolInput } from "../factories.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { startTestBucket, type TestBucket } from "../setup/s3.ts";
import { solvedProof } from "../setup/proof-of-work.ts";
import { type ServerProcess, startServerProcess } from "../setup/server-process.ts";

const AUTH_SECRET = "a-secret-both-processes-share-to-sign-sessions";

/** A form POST or a JSON call to one process, from the visitor at `address` (the processes trust X-Forwarded-For). */
async function send(server: ServerProcess, pathname: string, init: { body: BodyInit; type?: string; cookie?: string; address?: string }): Promise<Response> {
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
    body: new URLSearchParams({ username, email, password: "long-enough", [PROOF_FIELD]: await proofFor(server) }).toString(),
  });
}

function cookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  expect(cookie, "the registration signed the user in").toContain("session_token=");
  return cookie;
}

async function call(server: ServerProcess, name: string, cookie: string, tool: unknown): Promise<Response> {
  const proof = name === "submitTool" ? { [PROOF_FIELD]: await proofFor(server) } : {};
  return send(server, `/api/functions/${name}`, { type: "application/json", cookie, body: JSON.stringify({ tool, ...proof }) });
}

/** Polls `check` every 20 ms until it answers true or `withinMs` passed; answers how long it took (or Infinity). */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
    const env = { DATABASE_URL: database.url, AUTH_SECRET, TRUST_PROXY: "true", JOBS_FIRST_RUN_AFTER_SECONDS: "2", ...bucket.env };
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

  it("signs a person up on one and serves their session on the other: an image uploaded on one, a tool submitted on the other, verified there, and the first's cached page changes within a second", async () => {
    const ada = cookieOf(await register(first, "Ada", "ada@example.com"));

    // Ada's session, made by the first process, submits a tool on the second.
    const submitted = await call(second, "submitTool", ada, toolInput(categoryId, { name: "Crossing Counter", website: "https://crossing-counter.example" }));
    expect(submitted.status).toBe(200);
    const { tool } = ((await submitted.json()) as { result: { tool: { id: string; slug: string } } }).result;
    const [ownerRow] = await database.db.select({ submittedBy: tools.submittedBy }).from(tools).where(eq(tools.id, tool.id));
    const [adaRow] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "ada@example.com"));
    expect(ownerRow?.submittedBy).toBe(adaRow?.id);

    // Her logo, uploaded through the first process, lands in the bucket and is read from the bucket's address.
    const form = new FormData();
    const png = await sharp({ create: { width: 128, height: 128, channels: 3, background: "#0ea5e9" } }).png().toBuffer();
    form.append("file", new Blob([new Uint8Array(png)]), "logo.png");
    const uploaded = await fetch(`${first.url}/api/v1/tools/${tool.id}/images/logo`, { method: "POST", headers: { origin: first.url, cookie: ada }, body: form });
    expect(uploaded.status).toBe(200);
    const { url: logo } = (await uploaded.json()) as { url: string };
    expect(logo.startsWith(`${bucket.endpoint}/${bucket.bucket}/tools/${tool.id}/`)).toBe(true);
    const image = await fetch(logo);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/webp"]);
    // The tool is saved with it (as the tool form's save does), and its page on the second process shows it below.
    await database.db.update(tools).set({ logo }).where(eq(tools.id, tool.id));

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
    expect((await fetch(second.url + page)).status).toBe(200);
  });

  it("counts a rate limit across both: registrations from one address, split between them, stop at the same total", async () => {
    const address = "198.51.100.7";
    const statuses: number[] = [];
    // registerPerAddress allows 10 an hour: five on each process.
    for (let index = 0; index < 10; index++) {
      const server = index % 2 === 0 ? first : second;
      statuses.push((await register(server, `Limited ${index}`, `limited-${index}@example.com`, address)).status);
    }
    expect(statuses.every((status) => status >= 300 && status < 400), `statuses: ${statuses.join(", ")}`).toBe(true);
    for (const server of [first, second]) {
      const refused = await register(server, "One Too Many", `too-many-${server.url.length}-${Date.now()}@example.com`, address);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Too many requests, try again later");
    }
    // Another address is not held back by it.
    expect((await register(second, "Elsewhere", "elsewhere@example.com", "198.51.100.8")).status).toBeLessThan(400);
  });
});
