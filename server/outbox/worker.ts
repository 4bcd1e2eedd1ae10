/**
 * The outbox worker: takes the due rows (each by exactly one process, `FOR UPDATE SKIP LOCKED`, with a lease), sends
 * each once on its channel, and records the attempt; a failure is tried again later, with a capped exponential backoff,
 * and after the last attempt the row is failed, for an admin to retry (docs/decisions/015-outbox.md). Each channel, and
 * each webhook host within it, is a lane with its own few sends at once: a slow host holds back only its own rows.
 */
import { and, asc, eq, isNull, lte, notInArray, or, sql } from "drizzle-orm";
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
 * How long a taken row is left to its process before another may take it, unless OUTBOX_LEASE_SECONDS says otherwise:
 * well beyond the bot's (10 s), the token sync's (5 s), the mailer's (30 s) and the webhooks' (60 s at most) timeouts,
 * so that in practice only a process that died loses its rows.
 */
export const LEASE_MS = 2 * 60_000;
/** Due rows are looked for this often (retries, and rows a process that died had taken); a write wakes its own process's worker at once. */
const POLL_MS = 15_000;
/**
 * How many rows of each channel one process sends at once: each channel is a lane of its own, so a slow bot or a dead
 * webhook receiver never holds back a sign-in link's mail.
 */
export const CHANNEL_IN_FLIGHT: Record<OutboxChannel, number> = {
  mail: 4,
  "account-link": 4,
  notice: 2,
  "token-sync": 4,
  webhook: 8,
};
/** How many rows of one webhook host (a row's `lane`) one process sends at once, within its channel's. */
export const LANE_IN_FLIGHT = 2;
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

/** The channels and lanes that have all the sends they may have under way: their rows wait. */
export type HeldBack = { channels: string[]; lanes: string[] };

/**
 * The ids of up to `limit` rows due at `at`, soonest first, locked and skipping those another process holds and those
 * of the lanes `held` names: served by outbox_due_idx. A new row's due_at is the database's clock, so the database's
 * now counts too: a row just written is never missed for a clock a little behind.
 */
export function dueRowsQuery(db: Database, at: Date, limit: number, held: HeldBack = { channels: [], lanes: [] }) {
  return db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.state, "due"),
        lte(outbox.dueAt, sql`greatest(${at.toISOString()}::timestamptz, now())`),
        notInArray(outbox.channel, held.channels),
        held.lanes.length > 0 ? or(isNull(outbox.lane), notInArray(outbox.lane, held.lanes)) : undefined,
      ),
    )
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

export function outboxWorker({
  db,
  senders,
  logger,
  leaseMs = LEASE_MS,
  now = () => new Date(),
}: {
  db: Database;
  senders: OutboxSenders;
  logger: Logger;
  leaseMs?: number;
  now?: () => Date;
}): OutboxWorker {
  let running: Promise<void> | null = null;
  const inFlight = new Set<Promise<void>>();
  /** How many sends are under way on each channel, and on each lane (a webhook host). */
  const channelSends = new Map<string, number>();
  const laneSends = new Map<string, number>();
  /** Ends the dispatch's wait for a free lane: a write or the timer has something new to look at. */
  let wake: (() => void) | undefined;
  /** Counts the sends that ended and the pokes: what may free a lane, or bring a row, while the dispatch looks for one. */
  let changes = 0;
  let isPokedAgain = false;
  let isStopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  /**
   * Takes the next row due at `at`, but for the held lanes': no other process can take it until the lease ends. The row
   * is compared with `=`, so its query runs once: under `IN`, the planner may run it again for each row it joins, and
   * each run skips the rows the last one locked, so one claim could take many rows.
   */
  async function claim(at: Date, held: HeldBack): Promise<OutboxRow | undefined> {
    const due = dueRowsQuery(db, at, 1, held);
    const [row] = await db
      .update(outbox)
      .set({ dueAt: new Date(at.getTime() + leaseMs), attempts: sql`${outbox.attempts} + 1`, lastAttemptAt: at })
      .where(and(eq(outbox.id, sql`(${due})`), eq(outbox.state, "due")))
      .returning();
    return row;
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
      .set(
        isLast
          ? { state: "failed", lastError }
          : { dueAt: new Date(at.getTime() + retryDelayMs(row.attempts)), lastError },
      )
      .where(stillOurs);
    if (isLast)
      logger.error(
        `outbox: ${row.key} failed after ${row.attempts} attempt${row.attempts === 1 ? "" : "s"}: ${lastError}`,
      );
    else
      logger.warn(
        `outbox: ${row.key} not delivered (attempt ${row.attempts} of ${MAX_ATTEMPTS}), tried again later: ${lastError}`,
      );
  }

  function heldBack(): HeldBack {
    return {
      channels: [...channelSends]
        .filter(([channel, sends]) => sends >= (CHANNEL_IN_FLIGHT[channel as OutboxChannel] ?? 1))
        .map(([channel]) => channel),
      lanes: [...laneSends].filter(([, sends]) => sends >= LANE_IN_FLIGHT).map(([lane]) => lane),
    };
  }

  function count(sends: Map<string, number>, key: string | null, change: 1 | -1): void {
    if (key === null) return;
    const next = (sends.get(key) ?? 0) + change;
    if (next === 0) sends.delete(key);
    else sends.set(key, next);
  }

  function send(row: OutboxRow, at: Date): void {
    count(channelSends, row.channel, 1);
    count(laneSends, row.lane, 1);
    const sending: Promise<void> = deliver(row, at)
      .catch((error: unknown) => logger.error(`outbox: recording the attempt of ${row.key} failed`, error))
      .finally(() => {
        inFlight.delete(sending);
        count(channelSends, row.channel, -1);
        count(laneSends, row.lane, -1);
        changes++;
      });
    inFlight.add(sending);
  }

  /**
   * Takes due rows one at a time, soonest first among the lanes that may send one more, and sends them without waiting,
   * until nothing is due at `at`. While a full lane may hold due rows, it waits for a send to end or for a poke, then
   * looks again, so a slow host holds back only its own rows. A send that ended, or a poke, while it looked makes it
   * look again at once: the lanes it left out may be free by then. A failed row is due later, so this ends.
   */
  async function dispatchDue(at: () => Date): Promise<void> {
    while (!isStopped) {
      const seen = changes;
      const held = heldBack();
      const moment = at();
      const row = await claim(moment, held);
      if (row) {
        send(row, moment);
        continue;
      }
      if (held.channels.length === 0 && held.lanes.length === 0) return;
      if (changes !== seen) continue;
      await Promise.race([...inFlight, new Promise<void>((resolve) => (wake = resolve))]);
      wake = undefined;
    }
  }

  /** One dispatch at a time per process; a poke during one makes it look again when it ends. */
  function run(at: () => Date = now): Promise<void> {
    if (running) {
      isPokedAgain = true;
      changes++;
      wake?.();
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
      wake?.();
      await settled();
    },
  };
}
