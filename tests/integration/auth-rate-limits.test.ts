/** Better Auth's own rate limits are counted in the database, so two app processes on one database share them. */
import { max } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authRateLimits } from "#server/db/schema.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestDatabase } from "../setup/fixtures.ts";

describe.each(databaseKinds)("Better Auth's rate limits on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("are counted in the database, across two apps: the 31st check of a reset link in a minute is refused wherever it lands", async () => {
    // Two apps on one database, as two processes are: each has its own memory, only the database is shared.
    const env = { NODE_ENV: "production", TRUST_PROXY: "true" };
    const [first, second] = await Promise.all([createTestApp(database, env), createTestApp(database, env)]);
    const check = (app: typeof first) =>
      app.request("/api/auth/reset-password/no-such-token?callbackURL=%2Freset-password", {
        redirect: "manual",
        headers: { "x-forwarded-for": "203.0.113.40" },
      });
    const statuses: number[] = [];
    for (let index = 0; index < 30; index++) statuses.push((await check(index % 2 === 0 ? first : second)).status);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect((await check(second)).status).toBe(429);
    expect((await check(first)).status).toBe(429);
    // The count lives in the database (Better Auth's memory store, one per process, would leave this table empty).
    const [counted] = await database.db.select({ most: max(authRateLimits.count) }).from(authRateLimits);
    expect(counted?.most).toBe(30);
  });
});
