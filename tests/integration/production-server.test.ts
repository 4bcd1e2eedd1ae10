/**
 * The compiled server as production runs it (`npm run serve`): React's production build, and, on PostgreSQL, two
 * processes on one database whose page caches each hear the other's writes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { PROOF_FIELD } from "#common/spam-fields.ts";
import { users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { solvedProof } from "../setup/proof-of-work.ts";
import { type ServerProcess, startServerProcess } from "../setup/server-process.ts";
import { waitUntil } from "../setup/wait.ts";

const AUTH_SECRET = "a-secret-both-processes-share-to-sign-sessions";

async function waitForLine(server: ServerProcess, pattern: RegExp): Promise<string> {
  const line = await waitUntil(() => server.output.find((candidate) => pattern.test(candidate)), {
    timeoutMs: 5000,
    intervalMs: 100,
  });
  if (!line) throw new Error(`no line matching ${pattern} in:\n${server.output.join("\n")}`);
  return line;
}

describe("the compiled server", () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-serve-"));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs React's production build without NODE_ENV set, and serves pages", async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, AUTH_SECRET });
    expect(await waitForLine(server, /is serving at/)).toMatch(
      /\(listening on 127\.0\.0\.1:\d+, production, React's production build\)/,
    );
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("The Best Tools for Indie Developers");
    expect(server.output.join("\n")).not.toMatch(/WARN|ERROR/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two app processes on one PostgreSQL", () => {
  let database: TestDatabase;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    const env = { DATABASE_URL: database.url, AUTH_SECRET };
    [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.close();
  });

  it("a write in one makes the other's cached pages stale within a second", async () => {
    const waiting = await insertTool(database.db, { name: "Crossing Tool", isVerified: false });
    const page = `/tool/${waiting.slug}`;
    // The insert's own notice may reach the second process after it kept the page, and drop it: it is kept again.
    const isCached = await waitUntil(
      async () => {
        const [tool, home] = await Promise.all([fetch(second.url + page), fetch(`${second.url}/`)]);
        expect(tool.status).toBe(404);
        await tool.text();
        expect(await home.text()).not.toContain("Crossing Tool");
        return tool.headers.get("x-cache") === "hit" && home.headers.get("x-cache") === "hit";
      },
      { timeoutMs: 2_500, intervalMs: 50 },
    );
    expect(isCached, "the second process serves both pages from its cache").toBe(true);

    // A verifier, signed in on the first process, makes the tool live there.
    const signUp = await fetch(`${first.url}/register`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: first.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        username: "Vera",
        email: "vera@example.com",
        password: "long-enough",
        [PROOF_FIELD]: await solvedProof((path) => fetch(new URL(path, first.url))),
      }).toString(),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    await database.db.update(users).set({ role: "verifier" }).where(eq(users.email, "vera@example.com"));
    const verified = await fetch(`${first.url}/api/functions/toolVerified`, {
      method: "POST",
      headers: { origin: first.url, cookie, "content-type": "application/json" },
      body: JSON.stringify({ tool: { id: waiting.id } }),
    });
    expect(verified.status).toBe(200);
    const written = Date.now();

    // The second process heard it: its pages are rendered anew, with the tool.
    let tool: Response | undefined;
    await waitUntil(async () => (tool = await fetch(second.url + page)).status === 200, { timeoutMs: 1_000 });
    expect(tool!.status).toBe(200);
    expect(Date.now() - written).toBeLessThan(1_000);
    const home = await fetch(`${second.url}/`);
    expect(home.headers.get("x-cache")).toBe("miss");
    expect(await home.text()).toContain("Crossing Tool");
  });
});
