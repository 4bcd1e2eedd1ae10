/** Lists page by keyset, never by OFFSET (ARCHITECTURE.md): a read's cost must not grow with how deep its page is. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname, "..");
/** drizzle's .offset(n), or OFFSET written in SQL before a number or a parameter. */
const OFFSET_READ = /\.offset\(|\boffset\s+(?:\d|\$\{)/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the server's reads", () => {
  it("never page by OFFSET", () => {
    const offenders = sourceFiles(SERVER).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          OFFSET_READ.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line)
            ? [`${path.relative(SERVER, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(offenders).toEqual([]);
  });

  it("would see an OFFSET read", () => {
    expect(OFFSET_READ.test("db.select().from(tags).offset(100).limit(10)")).toBe(true);
    expect(OFFSET_READ.test("sql`select * from tags order by tag offset ${skip} limit 10`")).toBe(true);
    expect(OFFSET_READ.test("sql`select * from tags order by tag OFFSET 50`")).toBe(true);
    expect(OFFSET_READ.test("new Uint8Array(body.buffer, body.byteOffset)")).toBe(false);
  });
});
