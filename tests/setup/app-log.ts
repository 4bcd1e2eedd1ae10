/**
 * What the tests' apps log at "error" (tests/setup/app.ts), kept for the test that is running: printed when it fails,
 * dropped when it passes. A 500 in a test then says which error the app met, and a passing suite prints nothing.
 */
import { beforeEach } from "vitest";

const LINES_KEPT = 200;
const lines: string[] = [];

/** A logger's `write` that keeps the line for the running test. */
export function keepAppLogLine(line: string): void {
  if (lines.length < LINES_KEPT) lines.push(line);
}

/** For each test: starts with nothing kept, and prints what was kept if it fails. */
export function printAppLogOnFailure(): void {
  beforeEach(({ onTestFailed }) => {
    lines.length = 0;
    onTestFailed(() => {
      if (lines.length > 0) console.warn(`What the app logged during the test:\n${lines.join("")}`);
    });
  });
}
