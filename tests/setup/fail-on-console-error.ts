/** A stray console.error is a bug: it fails the test that printed it. */
import { afterEach, vi } from "vitest";

const errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length === 0) return;
  const printed = errors.map((args) => args.map(String).join(" ")).join("\n");
  errors.length = 0;
  throw new Error(`console.error was called:\n${printed}`);
});
