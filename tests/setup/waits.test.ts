/**
 * Tests wait on events or state, never on a fixed time that stands for one (ARCHITECTURE.md): a timer in a test is
 * either tests/setup/wait.ts's poll, or one of these, where the time itself is what the test is about.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TESTS = path.resolve(import.meta.dirname, "..");
/** A timer, or a browser's fixed wait. */
const TIMER = /\b(?:setTimeout|setInterval|waitForTimeout)\(/;
/** Each file's timers that are no wait for an event, and why. */
const TIMED = {
  // A job that takes 200 ms, so that the other processes' tries meet it.
  "integration/scheduled-jobs.test.ts": 1,
  // Deliveries finishing in a random order, a few ms apart.
  "integration/outbox.test.ts": 1,
  // A fake site's answer, 30 ms late on purpose: the checks that overlap are counted.
  "integration/link-checks.test.ts": 1,
  // A server that hangs is killed after 15 s: the test's own guard.
  "integration/artefact.test.ts": 1,
  // The request's head reaches the server before SIGTERM; nothing outside the server tells when it has.
  "integration/shutdown.test.ts": 1,
  // The other process's timer tries the job it lost, with nothing to show for it but the time.
  "integration/many-processes.test.ts": 1,
  // A deal's last moment passes with no write: the time itself is what the test is about.
  "integration/deals.test.ts": 1,
  // A mail's arrival wakes the wait; the timer only bounds each sleep of it.
  "setup/smtp.ts": 1,
  // The one poll.
  "setup/wait.ts": 1,
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? files(full)
      : /\.tsx?$/.test(entry.name) && entry.name !== "waits.test.ts"
        ? [full]
        : [];
  });
}

describe("the tests' waits", () => {
  it("are waits on a state or an event, but for the timers named here", () => {
    const timers: Record<string, number> = {};
    for (const file of files(TESTS)) {
      const count = readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => TIMER.test(line) && !/^\s*(\/\/|\*)/.test(line)).length;
      if (count > 0) timers[path.relative(TESTS, file)] = count;
    }
    expect(timers).toEqual(TIMED);
  });
});
