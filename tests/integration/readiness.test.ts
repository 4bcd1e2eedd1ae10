/** GET /readyz: ready only when the database answers, every migration is applied and the file storage can be written. */
import { rmSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";

const allOk = { database: "ok", migrations: "ok", storage: "ok", accepting: "ok" };

describe.each(databaseKinds)("readiness on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close().catch(() => {});
    database = undefined;
  });

  async function appOn() {
    database = await openTestDatabase(kind);
    return createTestApp(database, { LOG_LEVEL: "error" });
  }

  it("answers 200 with every check ok, never from a cache", async () => {
    const { request } = await appOn();
    for (let round = 0; round < 2; round++) {
      const response = await request("/readyz");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-cache")).toBeNull();
      expect(await response.json()).toEqual({ status: "ready", checks: allOk });
    }
  });

  it("answers 503 when a migration the build ships is not applied", async () => {
    const { request } = await appOn();
    await database!.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const response = await request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", checks: { ...allOk, migrations: "failed" } });
  });

  it("answers 503 when the file storage cannot be written", async () => {
    const { request, filesDir } = await appOn();
    // A file where the storage's folder should be: nothing can be stored under it.
    rmSync(filesDir, { recursive: true, force: true });
    writeFileSync(filesDir, "not a folder");
    try {
      const response = await request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", checks: { ...allOk, storage: "failed" } });
    } finally {
      rmSync(filesDir, { force: true });
    }
  });

  it("answers 503, with nothing of the error, when the database does not answer", async () => {
    const { request } = await appOn();
    await database!.close();
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      const response = await request("/readyz");
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({
        status: "unavailable",
        checks: { ...allOk, database: "failed", migrations: "failed" },
      });
    } finally {
      process.stderr.write = stderr;
    }
  });

  it("answers 503 once the process is stopping, while it still serves", async () => {
    const { request, services } = await appOn();
    services.readiness.markStopping();
    const response = await request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", checks: { ...allOk, accepting: "failed" } });
    expect((await request("/healthz")).status).toBe(200);
  });
});
