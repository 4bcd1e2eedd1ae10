/** A scheduled job runs once per period however many processes try it: each run claims the job's row first. */
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { runOncePerPeriod } from "#server/jobs.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";

const HOUR = 60 * 60 * 1000;
/** A job's own duration: long enough for the other processes' tries to meet it. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds)("scheduled jobs on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("runs a job once a period, and again once the period is over", async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    let runs = 0;
    const job = async () => void runs++;
    const start = new Date("2026-03-01T10:00:00Z");
    expect(await runOncePerPeriod(db, "hourly", HOUR, job, start)).toBe("ran");
    expect(await runOncePerPeriod(db, "hourly", HOUR, job, new Date(start.getTime() + 1000))).toBe("skipped");
    expect(await runOncePerPeriod(db, "hourly", HOUR, job, new Date(start.getTime() + HOUR / 2))).toBe("skipped");
    // Another job has its own row.
    expect(await runOncePerPeriod(db, "daily", 24 * HOUR, job, start)).toBe("ran");
    expect(await runOncePerPeriod(db, "hourly", HOUR, job, new Date(start.getTime() + HOUR))).toBe("ran");
    expect(runs).toBe(3);
  });

  it("counts a failed run as a run, and takes over a run that never finished once its lease is over", async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    const start = new Date("2026-03-01T10:00:00Z");
    await expect(runOncePerPeriod(db, "hourly", HOUR, () => Promise.reject(new Error("boom")), start)).rejects.toThrow(
      "boom",
    );
    expect(await runOncePerPeriod(db, "hourly", HOUR, async () => {}, new Date(start.getTime() + 60_000))).toBe(
      "skipped",
    );

    // A run whose process died: claimed, never finished.
    let release = () => {};
    let started = () => {};
    const claimed = new Promise<void>((resolve) => (started = resolve));
    // The job runs once its claim is written: its start is the claim's.
    const stuck = runOncePerPeriod(
      db,
      "daily",
      24 * HOUR,
      () => {
        started();
        return new Promise<void>((resolve) => (release = resolve));
      },
      start,
    );
    await claimed;
    expect(
      await runOncePerPeriod(db, "daily", 24 * HOUR, async () => {}, new Date(start.getTime() + 10 * 60_000)),
    ).toBe("skipped");
    expect(
      await runOncePerPeriod(db, "daily", 24 * HOUR, async () => {}, new Date(start.getTime() + 31 * 60_000)),
    ).toBe("ran");
    release();
    await stuck;
  });

  it("hands a run cut short by its process stopping back, so the next try, in any process, runs it at once", async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    const start = new Date("2026-03-01T10:00:00Z");
    const stopping = new AbortController();
    let stepsRun = 0;
    // A job of two steps, asked to stop during the first: it skips the second.
    const job = async (signal?: AbortSignal) => {
      stepsRun++;
      stopping.abort();
      if (signal?.aborted) return;
      stepsRun++;
    };
    expect(await runOncePerPeriod(db, "daily", 24 * HOUR, job, start, stopping.signal)).toBe("handed back");
    expect(stepsRun).toBe(1);
    // A minute later, not a day: another process claims the period that was handed back.
    expect(await runOncePerPeriod(db, "daily", 24 * HOUR, async () => {}, new Date(start.getTime() + 60_000))).toBe(
      "ran",
    );
    // And that run, finished, keeps the period as usual.
    expect(await runOncePerPeriod(db, "daily", 24 * HOUR, async () => {}, new Date(start.getTime() + 2 * 60_000))).toBe(
      "skipped",
    );
  });

  it.runIf(kind === "postgres")(
    "runs a job once when two processes' connections try it at the same moment",
    async () => {
      database = await openTestDatabase(kind);
      // Two pools, as two app processes have.
      const [first, second] = await Promise.all([
        openDatabase({ url: database.url, maxConnections: 2 }),
        openDatabase({ url: database.url, maxConnections: 2 }),
      ]);
      try {
        let runs = 0;
        const job = async () => {
          runs++;
          await sleep(200);
        };
        for (let round = 0; round < 5; round++) {
          const now = new Date(Date.UTC(2026, 2, 1, 10 + round));
          const outcomes = await Promise.all(
            [first, second, first, second].map((handle) => runOncePerPeriod(handle.db, "hourly", HOUR, job, now)),
          );
          expect(outcomes.filter((outcome) => outcome === "ran")).toHaveLength(1);
        }
        expect(runs).toBe(5);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    },
  );
});
