/**
 * The outbox worker: takes the due rows (each by exactly one process, `FOR UPDATE SKIP LOCKED`, with a lease), sends
 * each once on its channel, and records the attempt; a failure is tried again later, with a capped exponential backoff,
 * and after the last attempt the row is failed, for an admin to retry (docs/decisions/015-outbox.md).
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { outbox } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { OUTBOX_PAYLOADS, type OutboxChannel, type Outbox, enqueueEffects } from "./effects.ts";

/** How many attempts a row gets before it is failed: with the backoff below, about an hour of trying (30 s, 1, 2... 32 min). */
export const MAX_ATTEMPTS = 8;
/** The pause after the first failed attempt; it doubles after each one, up to the cap. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;
/**
 * How long a taken row is left to its process before another may take it: well beyond the bot's (10 s) and the token
 * sync's (5 s) timeouts and an SMTP server's usual answer, so that in practice only a process that died loses its rows.
 */
export const LEASE_MS = 2 * 60_000;
/** Due rows are looked for this often (retries, and rows a process that died had taken); a write wakes its own process's worker at once. */
const POLL_MS = 15_000;
/** How many rows one process sends at once. */
const MAX_IN_FLIGHT = 10;
const MAX_ERROR_LENGTH = 500;

type OutboxRow = typeof outbox.$inferSelect;

/** What delivers each channel: the mailer, the notifier, the token sync. Each throws when the effect was not delivered. */
export type OutboxSenders = { [C in OutboxChannel]: (payload: never) => Promise<void> };

/** An error's message with its network cause (ECONNREFUSED...), which fetch keeps apart. */
function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return `${(error as Error).message || String(error)}${cause ? ` (${cause})` : ""}`;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
}

/**
 * The ids of up to `limit` rows due at `at`, soonest first, locked and skipping those another process holds: served by
 * outbox_due_idx. A new row's due_at is the database's clock, so the database's now counts too: a row just written is
 * never missed for a clock a little behind.
 */
export function dueRowsQuery(db: Database, at: Date, limit: number) {
  return db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.state, "due"), lte(outbox.dueAt, sql`greatest(${at.toISOString()}::timestamptz, now())`)))
    .orderBy(asc(outbox.dueAt), asc(outbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
}

export type OutboxWorker = Outbox & {
  /** Delivers every row due at `at` (now by default), after what is under way, and waits for the sends. */
  deliverDue(at?: Date): Promise<void>;
  /** Sends what is due now and waits until no send is under way: the barrier tests wait on. */
  drain(): Promise<void>;
  /** Sends what is due, then polls for due rows on a timer that does not keep the process alive; stopped by `stop`. */
  start(): void;
  /** Stops the timer, and waits for the deliveries under way. */
  stop(): Promise<void>;
};

export function outboxWorker({ db, senders, logger, now = () => new Date() }: { db: Database; senders: OutboxSenders; logger: Logger; now?: () => Date }): OutboxWorker {
  let running: Promise<void> | null = null;
  const inFlight = new Set<Promise<void>>();
  let isPokedAgain = false;
  let isStopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  /** Takes up to `limit` rows due at `at`: no other process can take them until the lease ends. */
  async function claim(at: Date, limit: number): Promise<OutboxRow[]> {
    const due = dueRowsQuery(db, at, limit);
    return db
      .update(outbox)
      .set({ dueAt: new Date(at.getTime() + LEASE_MS), attempts: sql`${outbox.attempts} + 1`, lastAttemptAt: at })
      .where(and(inArray(outbox.id, due), eq(outbox.state, "due")))
      .returning();
  }

  /** Sends one row and records how it went; only the process whose claim still holds may record it. */
  async function deliver(row: OutboxRow, at: Date): Promise<void> {
    const stillOurs = and(eq(outbox.id, row.id), eq(outbox.state, "due"), eq(outbox.attempts, row.attempts));
    let failure: string;
    const parsed = OUTBOX_PAYLOADS[row.channel as OutboxChannel]?.safeParse(row.payload);
    if (!parsed?.success) {
      failure = `unknown channel or malformed payload for ${row.channel}`;
    } else {
      try {
        await (senders[row.channel as OutboxChannel] as (payload: unknown) => Promise<void>)(parsed.data);
        await db
          .update(outbox)
          .set({ state: "delivered", deliveredAt: now(), lastError: null, ...(row.isSecret ? { payload: {} } : {}) })
          .where(stillOurs);
        return;
      } catch (error) {
        failure = describeFailure(error);
      }
    }
    const isLast = !parsed?.success || row.attempts >= MAX_ATTEMPTS;
    const lastError = failure.slice(0, MAX_ERROR_LENGTH);
    await db
      .update(outbox)
      .set(isLast ? { state: "failed", lastError } : { dueAt: new Date(at.getTime() + retryDelayMs(row.attempts)), lastError })
      .where(stillOurs);
    if (isLast) logger.error(`outbox: ${row.key} failed after ${row.attempts} attempt${row.attempts === 1 ? "" : "s"}: ${lastError}`);
    else logger.warn(`outbox: ${row.key} not delivered (attempt ${row.attempts} of ${MAX_ATTEMPTS}), tried again later: ${lastError}`);
  }

  /**
   * Takes due rows and sends them, up to MAX_IN_FLIGHT at once, until nothing is due at `at`; returns without waiting
   * for the sends, so a slow host holds back only its own rows. A failed row is due later, so this ends.
   */
  async function dispatchDue(at: () => Date): Promise<void> {
    for (;;) {
      if (inFlight.size >= MAX_IN_FLIGHT) {
        await Promise.race(inFlight);
        continue;
      }
      const moment = at();
      const rows = await claim(moment, MAX_IN_FLIGHT - inFlight.size);
      if (rows.length === 0) return;
      for (const row of rows) {
        const sending: Promise<void> = deliver(row, moment)
          .catch((error: unknown) => logger.error(`outbox: recording the attempt of ${row.key} failed`, error))
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
    }
  }

  /** One dispatch at a time per process; a poke during one makes it look again when it ends. */
  function run(at: () => Date = now): Promise<void> {
    if (running) {
      isPokedAgain = true;
      return running;
    }
    running = (async () => {
      do {
        isPokedAgain = false;
        try {
          await dispatchDue(at);
        } catch (error) {
          logger.error("outbox: taking due rows failed", error);
          return;
        }
      } while (isPokedAgain && !isStopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** Resolves when no dispatch runs and no send is under way. */
  async function settled(): Promise<void> {
    while (running || inFlight.size > 0) await Promise.all([running, ...inFlight]);
  }

  return {
    enqueue: enqueueEffects,
    poke() {
      if (!isStopped) void run();
    },
    async deliverDue(at) {
      await settled();
      await run(at ? () => at : now);
      await settled();
    },
    async drain() {
      await run();
      await settled();
    },
    start() {
      timer = setInterval(() => void run(), POLL_MS);
      timer.unref();
      void run();
    },
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await settled();
    },
  };
}
