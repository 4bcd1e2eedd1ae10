/**
 * An acknowledged event is a stored event: the compiled server, under a stream of events, is killed with SIGKILL (no
 * chance to write anything on its way out), and every event it answered 202 for is in the database after a restart.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOUND_CLICK_EVENT } from "#common/constants.ts";
import { openDatabase } from "#server/db/client.ts";
import { events } from "#server/db/schema.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { type ServerProcess, startServerProcess } from "../setup/server-process.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const EVENTS = 500;
const IN_FLIGHT = 25;
/** The process is killed once this many events were acknowledged, with others still in flight. */
const KILL_AFTER = 300;

describe.each(databaseKinds)("acknowledged events on %s", (kind) => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-crash-"));
    if (kind === "postgres") database = await openTestDatabase("postgres");
    // Each event comes from an address of its own (trusted X-Forwarded-For), so no limit per address is reached.
    env = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", AUTH_SECRET: "a-secret-of-the-crash-test-that-is-long-enough", TRUST_PROXY: "true" };
  });
  afterAll(async () => {
    await server?.kill("SIGKILL");
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("are all in the database after the server is killed with SIGKILL under load", async () => {
    const running = await startServerProcess(env);
    server = running;
    const site = new URL(running.url);
    const acknowledged: number[] = [];
    let next = 0;
    let killing: Promise<void> | undefined;

    async function sendUntilKilled() {
      while (!killing && next < EVENTS) {
        const seq = next++;
        const body = { n: OUTBOUND_CLICK_EVENT, u: `${running.url}/`, d: site.hostname, r: null, p: { url: "https://tool.example.com/", seq } };
        try {
          const response = await fetch(`${running.url}/api/event`, {
            method: "POST",
            headers: { "content-type": "text/plain", "user-agent": CHROME, "x-forwarded-for": `10.${(seq >> 8) & 255}.${seq & 255}.1` },
            body: JSON.stringify(body),
          });
          if (response.status === 202) acknowledged.push(seq);
          else throw new Error(`event ${seq} answered ${response.status}: ${await response.text()}`);
        } catch (error) {
          // A request cut off by the kill was never acknowledged; anything else is a failure of its own.
          if (!killing) throw error;
        }
        if (acknowledged.length >= KILL_AFTER && !killing) killing = running.kill("SIGKILL");
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, () => sendUntilKilled()));
    await killing;
    expect(killing, "the server was killed while events were being sent").toBeDefined();
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // The restarted server opens the database after the crash (PGlite recovers from its write-ahead log).
    const restarted = await startServerProcess(env);
    server = restarted;
    await restarted.stop();

    const handle = kind === "postgres" ? database!.handle : await openDatabase({ dataDir });
    try {
      const rows = await handle.db.select({ props: events.props }).from(events);
      const stored = new Set(rows.map((row) => (row.props as { seq?: number }).seq));
      expect(acknowledged.filter((seq) => !stored.has(seq))).toEqual([]);
    } finally {
      if (kind === "pglite") await handle.close();
    }
  });
});
