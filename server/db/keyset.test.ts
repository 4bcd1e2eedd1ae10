import { PgDialect } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decodeCursor } from "#common/cursor.ts";
import { keysetPage, seekAfter } from "./keyset.ts";

describe("seekAfter", () => {
  const dialect = new PgDialect();
  const written = (condition: ReturnType<typeof seekAfter>) => dialect.sqlToQuery(condition!);
  const columns: [ReturnType<typeof sql>, ReturnType<typeof sql>] = [sql`created_at`, sql`id`];

  it("adds nothing without a cursor", () => {
    expect(seekAfter(null, columns)).toBeUndefined();
    expect(seekAfter(undefined, columns)).toBeUndefined();
  });

  it("compares (key, id) as one row, after the cursor in a descending order, a time as a timestamptz", () => {
    expect(written(seekAfter({ key: 0, id: "ta" }, columns))).toMatchObject({
      sql: "(created_at, id) < ($1::timestamptz, $2)",
      params: ["1970-01-01T00:00:00.000Z", "ta"],
    });
  });

  it("writes an ascending order's seek, a count as a bigint and a serial id as one", () => {
    expect(
      written(seekAfter({ key: 12, id: "34" }, columns, { ascending: true, keyAs: "bigint", idAs: "bigint" })),
    ).toMatchObject({
      sql: "(created_at, id) > ($1::bigint, $2::bigint)",
      params: [12, 34],
    });
    expect(written(seekAfter({ key: 0, id: "ta" }, columns, { keyAs: "iso" })).params[0]).toBe(
      "1970-01-01T00:00:00.000Z",
    );
    expect(written(seekAfter({ key: "2026-01-01", id: "post" }, columns, { keyAs: "as-is" }))).toMatchObject({
      sql: "(created_at, id) < ($1, $2)",
      params: ["2026-01-01", "post"],
    });
    expect(
      written(seekAfter({ key: "ada", id: "ta" }, columns, { ascending: true, keyAs: (key) => sql`lower(${key})` }))
        .sql,
    ).toBe("(created_at, id) > (lower($1), $2)");
  });
});

describe("keysetPage", () => {
  const rows = [
    { id: "tc", at: 30 },
    { id: "tb", at: 20 },
    { id: "ta", at: 10 },
  ];
  const cursorOf = (row: { id: string; at: number }) => ({ key: row.at, id: row.id });

  it("keeps the page and points past its last row when the extra row came", () => {
    expect(keysetPage(rows, 2, cursorOf)).toEqual({ items: rows.slice(0, 2), nextCursor: "20.tb" });
  });

  it("has no next page when no extra row came", () => {
    expect(keysetPage(rows, 3, cursorOf)).toEqual({ items: rows, nextCursor: null });
    expect(keysetPage(rows.slice(0, 1), 3, cursorOf)).toEqual({ items: rows.slice(0, 1), nextCursor: null });
  });

  it("gives an empty last page for no rows", () => {
    expect(keysetPage([], 5, cursorOf)).toEqual({ items: [], nextCursor: null });
  });

  it("makes a cursor that decodes to the last row's key and id", () => {
    const { nextCursor } = keysetPage(rows, 1, cursorOf);
    expect(decodeCursor(nextCursor!)).toEqual({ key: 30, id: "tc" });
  });

  it("reads the cursor of the last row kept only", () => {
    const seen: string[] = [];
    keysetPage(rows, 2, (row) => {
      seen.push(row.id);
      return cursorOf(row);
    });
    expect(seen).toEqual(["tb"]);
  });

  it("has no next page for a page of nothing, whatever was read", () => {
    expect(keysetPage(rows, 0, cursorOf)).toEqual({ items: [], nextCursor: null });
  });
});
