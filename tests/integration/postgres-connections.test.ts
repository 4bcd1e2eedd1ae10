/** The settings and statements of the app's PostgreSQL connections (server/db/client.ts, decision 036). */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, rowsOf } from "#server/db/client.ts";
import { tools } from "#server/db/schema.ts";
import { openTestDatabase, type TestDatabase } from "../setup/database.ts";

describe.skipIf(!process.env.TEST_DATABASE_URL)("connections to PostgreSQL", () => {
  let database: TestDatabase;
  // One connection, so every statement below runs on the connection whose prepared statements are read.
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    handle = await openDatabase({ url: database.url, maxConnections: 1 });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.close();
  });

  const preparedLike = async (pattern: string) =>
    rowsOf<{ count: number }>(
      await handle.db.execute(
        sql`select count(*)::int as count from pg_prepared_statements where statement like ${pattern}`,
      ),
    )[0]!.count;

  it("compile no statement just in time, and plan each for its own values", async () => {
    const settings = rowsOf<{ jit: string; plan_cache_mode: string }>(
      await handle.db.execute(
        sql`select current_setting('jit') as jit, current_setting('plan_cache_mode') as plan_cache_mode`,
      ),
    );
    expect(settings).toEqual([{ jit: "off", plan_cache_mode: "force_custom_plan" }]);
  });

  it("prepare a read once and run it again by name", async () => {
    for (const slug of ["one", "two", "three"]) {
      expect(await handle.db.select({ id: tools.id }).from(tools).where(eq(tools.slug, slug))).toEqual([]);
    }
    expect(await preparedLike(`select "id" from "tools" where "tools"."slug" = $1%`)).toBe(1);
  });

  it("prepare a statement again when a migration changed what it reads", async () => {
    await handle.db.execute(sql`create table prepared_probe (value integer)`);
    await handle.db.execute(sql`insert into prepared_probe values (1)`);
    const read = async () =>
      rowsOf<{ value: number | string }>(
        await handle.db.execute(sql`select value from prepared_probe where value >= ${0}`),
      );
    expect(await read()).toEqual([{ value: 1 }]);
    await handle.db.execute(sql`alter table prepared_probe alter column value type bigint`);
    expect(await read()).toEqual([{ value: "1" }]);
  });
});
