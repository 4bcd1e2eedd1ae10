/**
 * SIGTERM, on the compiled server as production runs it: no new connection is taken, a request in flight is answered,
 * the analytics events it acknowledged are stored, and the process exits 0 within 10 s.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { events } from "#server/db/schema.ts";
import { type ServerProcess, startServerProcess } from "../setup/server-process.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A POST whose body arrives in two halves: the request is in flight from its first byte until `finish()` sends the rest. */
function slowPost(url: string, body: string) {
  type Answer = { status: number; text: string; headers: Record<string, unknown> };
  const half = Math.floor(body.length / 2);
  let finish = () => {};
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: { "content-type": "text/plain", "content-length": Buffer.byteLength(body), "user-agent": CHROME },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { answer, finish: () => finish() };
}

describe("SIGTERM", () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-sigterm-"));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes the request in flight, stores every acknowledged event, closes the database and exits 0 within 10 s", async () => {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      AUTH_SECRET: "a-secret-long-enough-to-sign-sessions-here",
      LOG_FORMAT: "json",
    });
    const host = new URL(server.url).hostname;
    const pageview = (page: string) => JSON.stringify({ n: "pageview", u: `${server!.url}${page}`, d: host, r: null });

    // Acknowledged: each answered once its batch was written (group commit), so the database has them already.
    for (let index = 0; index < 20; index++) {
      const response = await fetch(`${server.url}/api/event`, {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": CHROME },
        body: pageview(`/before-${index}`),
      });
      expect(response.status).toBe(202);
    }
    const inFlight = slowPost(`${server.url}/api/event`, pageview("/in-flight"));
    // The server has the request's head before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    server.signal("SIGTERM");
    // A new connection is refused, once the signal is heard, while the old one is still served.
    await expect
      .poll(
        () =>
          fetch(`${server!.url}/healthz`).then(
            () => "answered",
            () => "refused",
          ),
        { timeout: 5000, interval: 20 },
      )
      .toBe("refused");
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(202);
    expect(answer.text).toBe("ok");
    expect(answer.headers["x-request-id"]).toEqual(expect.any(String));

    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    const lines = server.output.map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
    expect(lines.some((line) => /^SIGTERM: stopped in \d+ ms$/.test(line.msg))).toBe(true);

    // The database was closed cleanly: it opens again (its lock released) and holds every acknowledged event.
    const reopened = await openDatabase({ dataDir });
    try {
      const [stored] = await reopened.db.select({ count: count() }).from(events);
      expect(stored?.count).toBe(21);
    } finally {
      await reopened.close();
    }
  });
});
