import { describe, expect, it } from "vitest";
import { createLogger, currentRequestId, withRequestId } from "./logger.ts";

function collected(format: "text" | "json", level: "debug" | "info" | "warn" | "error" = "info") {
  const lines: { line: string; level: string }[] = [];
  const logger = createLogger(level, { format, write: (line, entryLevel) => lines.push({ line, level: entryLevel }) });
  return { logger, lines };
}

describe("the logger", () => {
  it("writes one JSON object per line, with the detail's fields and the request's id, even after awaits", async () => {
    const { logger, lines } = collected("json");
    logger.info("outside");
    await withRequestId("req-1", async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(currentRequestId()).toBe("req-1");
      logger.warn("inside", { tool: "t1", count: 2, msg: "cannot overwrite", level: "nor this" });
    });
    expect(currentRequestId()).toBeUndefined();
    expect(lines.every(({ line }) => line.endsWith("\n") && line.indexOf("\n") === line.length - 1)).toBe(true);
    const [outside, inside] = lines.map(({ line }) => JSON.parse(line) as Record<string, unknown>);
    expect(outside).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: "info", msg: "outside" });
    expect(inside).toEqual({
      time: expect.any(String),
      level: "warn",
      msg: "inside",
      requestId: "req-1",
      tool: "t1",
      count: 2,
    });
  });

  it("keeps an error's name, message and stack, and a scalar detail, on one line", () => {
    const { logger, lines } = collected("json");
    logger.error("failed", new TypeError("bad\nthing"));
    logger.info("scalar", 42);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    logger.info("cyclic", cyclic);
    expect(lines).toHaveLength(3);
    for (const { line } of lines) expect(line.trimEnd()).not.toContain("\n");
    const [error, scalar, cycle] = lines.map(({ line }) => JSON.parse(line) as Record<string, unknown>);
    expect(error).toMatchObject({
      level: "error",
      msg: "failed",
      error: { name: "TypeError", message: "bad\nthing", stack: expect.stringContaining("TypeError") },
    });
    expect(scalar).toMatchObject({ msg: "scalar", detail: 42 });
    expect(cycle).toMatchObject({ level: "info", msg: "cyclic", detail: expect.any(String) });
  });

  it("writes text with the request's id, and skips entries below its level", () => {
    const { logger, lines } = collected("text", "warn");
    logger.info("hidden");
    withRequestId("abc", () => logger.error("shown", { a: 1 }));
    expect(lines).toEqual([{ line: expect.stringMatching(/^\S+ ERROR \[abc\] shown \{"a":1\}\n$/), level: "error" }]);
  });
});
