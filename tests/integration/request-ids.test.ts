/** Every answer carries its request's id in X-Request-Id, and every line logged while serving it, 5xx above all, names it. */
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";

type Line = { level: string; msg: string; requestId?: string; [field: string]: unknown };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(databaseKinds)("request ids on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close().catch(() => {});
    database = undefined;
  });

  async function appLogging(env: Record<string, string> = {}) {
    database = await openTestDatabase(kind);
    const lines: Line[] = [];
    const logger = createLogger("info", { format: "json", write: (line) => lines.push(JSON.parse(line) as Line) });
    const app = await createTestApp(database, env, { logger });
    return { ...app, lines };
  }

  it("sends a new id with every answer, and ignores a visitor's own when no proxy is trusted", async () => {
    const { request } = await appLogging();
    const ids = [];
    for (const path of ["/", "/api/v1/tools", "/healthz", "/readyz", "/no-such-page"]) {
      const response = await request(path, { headers: { "x-request-id": "chosen-by-visitor" } });
      ids.push(response.headers.get("x-request-id"));
    }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a trusted proxy's id when it looks like one, and makes a new one otherwise", async () => {
    const { request } = await appLogging({ TRUST_PROXY: "true" });
    const kept = await request("/healthz", { headers: { "x-request-id": "edge-01:abc.DEF_9" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-01:abc.DEF_9");
    for (const bad of ["a b", "x".repeat(65), "id\u00e9", "<script>", "a,b"]) {
      const replaced = await request("/healthz", { headers: { "x-request-id": bad } });
      expect(replaced.headers.get("x-request-id"), bad).toMatch(UUID);
    }
  });

  it("logs every 5xx at error level with the id its answer carries, the page's and the API's alike", async () => {
    const { request, lines } = await appLogging();
    await database!.close();
    for (const path of ["/", "/api/v1/tools"]) {
      lines.length = 0;
      const response = await request(path);
      expect(response.status, path).toBe(500);
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(UUID);
      const errors = lines.filter((line) => line.level === "error");
      expect(errors.length, path).toBeGreaterThan(0);
      expect(
        errors.every((line) => line.requestId === id),
        JSON.stringify(errors),
      ).toBe(true);
      expect(errors.some((line) => line.msg === `GET ${path} answered 500`)).toBe(true);
      // The failure itself, where it was caught (React Router's error handler, the API's error mapper), with its stack.
      expect(errors.find((line) => line.msg === `GET ${path} failed`)).toMatchObject({
        error: { stack: expect.stringContaining("Failed query") },
      });
    }
  });
});
