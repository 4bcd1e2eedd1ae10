/**
 * Tests wait on events or state, never on a fixed time that stands for one (ARCHITECTURE.md): a timer in a test is
 * either tests/setup/wait.ts's poll, or one of these, where the time itself is what the test is about. Every test is
 * read: those under tests/ and the unit tests beside their modules; a timer imported under another name
 * (`setTimeout as delay` from node:timers/promises) counts as itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Where tests are: tests/ (with its set-up), and the unit tests beside their modules. */
const TEST_ROOTS = ["tests", "common", "server", "app", "eslint", "docs"];
/** A timer, or a browser's fixed wait. */
const TIMER_NAMES = ["setTimeout", "setInterval", "waitForTimeout"];
/** The names a file gives node's timers when it imports them: `setTimeout as delay` is a timer called delay. */
const TIMER_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']node:timers(?:\/promises)?["']/g;
/** Each file's timers that are no wait for an event, and why. */
const TIMED = {
  // A job that takes 200 ms, so that the other processes' tries meet it.
  "tests/integration/scheduled-jobs.test.ts": 1,
  // Deliveries finishing in a random order, a few ms apart.
  "tests/integration/outbox.test.ts": 1,
  // A fake site's answer, 30 ms late on purpose: the checks that overlap are counted; and the fast clock's sleep, a
  // hundredth of the time asked for: the backoff's minutes are what the tests are about.
  "tests/integration/link-checks.test.ts": 2,
  // A server that hangs is killed after 15 s: the test's own guard.
  "tests/integration/artefact.test.ts": 1,
  // The request's head reaches the server before SIGTERM; nothing outside the server tells when it has.
  "tests/integration/shutdown.test.ts": 1,
  // The other process's timer tries the job it lost, with nothing to show for it but the time.
  "tests/integration/many-processes.test.ts": 1,
  // A deal's last moment passes with no write: the time itself is what the test is about.
  "tests/integration/deals.test.ts": 1,
  // A mail's arrival wakes the wait; the timer only bounds each sleep of it.
  "tests/setup/smtp.ts": 1,
  // The one poll.
  "tests/setup/wait.ts": 1,
  // The request's id survives a timer's hop: the timer is what the test is about.
  "server/logger.test.ts": 1,
};

/** The files under `dir` that tests run: every file under tests/, the *.test.ts(x) files elsewhere. */
function files(dir: string, isTests: boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : files(full, isTests);
    const isTestFile = isTests ? /\.tsx?$/.test(entry.name) : /\.test\.tsx?$/.test(entry.name);
    return isTestFile && entry.name !== "waits.test.ts" ? [full] : [];
  });
}

/** The lines of `text` that call a timer, by its own name or the one the file imported it under. */
function timerLines(text: string): number {
  const names = new Set(TIMER_NAMES);
  for (const [, list] of text.matchAll(TIMER_IMPORT))
    for (const part of list!.split(",")) {
      const local = part.trim().split(/\s+as\s+/)[1];
      if (local) names.add(local);
    }
  const call = new RegExp(`\\b(?:${[...names].join("|")})\\(`);
  return text.split("\n").filter((line) => call.test(line) && !/^\s*(\/\/|\*|import\b)/.test(line)).length;
}

describe("the tests' waits", () => {
  it("are waits on a state or an event, but for the timers named here", () => {
    const timers: Record<string, number> = {};
    for (const root of TEST_ROOTS)
      for (const file of files(path.join(ROOT, root), root === "tests")) {
        const count = timerLines(readFileSync(file, "utf8"));
        if (count > 0) timers[path.relative(ROOT, file)] = count;
      }
    expect(timers).toEqual(TIMED);
  });

  it("count a timer imported under another name", () => {
    expect(timerLines('import { setTimeout as delay } from "node:timers/promises";\nawait delay(50);\n')).toBe(1);
    expect(timerLines("await new Promise((resolve) => setTimeout(resolve, 5));\n// setTimeout(later)\n")).toBe(1);
  });
});
