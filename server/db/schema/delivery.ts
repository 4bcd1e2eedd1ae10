/** Side effects of writes (server/outbox/), and the signed webhooks (server/webhooks/): the admins' endpoints and each event's delivery. */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * One side effect on one channel (a mail, a bot notice, a token sync), written in the same transaction as the change
 * that causes it. `key` names the effect, so enqueuing it twice keeps one row. A row is `due` until it is delivered or,
 * after the last attempt, `failed`; `due_at` is when it may next be taken (a claim pushes it by a lease, so a row whose
 * process died becomes due again). A secret payload (a session token, a sign-in link) is blanked once delivered.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    /** 'mail', 'notice', 'token-sync' or 'webhook' (server/outbox/effects.ts). */
    channel: text("channel").notNull(),
    /** The lane within the channel whose sends are limited together: a webhook's host; null for the others. */
    lane: text("lane"),
    payload: jsonb("payload").$type<unknown>().notNull(),
    isSecret: boolean("is_secret").notNull().default(false),
    /** 'due', 'delivered' or 'failed'. */
    state: text("state").notNull().default("due"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date", precision: 3 }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date", precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("outbox_key_key").on(table.key),
    // The worker's claim: the due rows whose time has come, soonest first.
    index("outbox_due_idx").on(table.dueAt, table.id).where(sql`${table.state} = 'due'`),
    // The console's failed deliveries, newest first, and the purge of old delivered rows.
    index("outbox_failed_idx").on(table.id).where(sql`${table.state} = 'failed'`),
    index("outbox_delivered_idx").on(table.deliveredAt).where(sql`${table.state} = 'delivered'`),
  ],
);

/**
 * A receiver an admin registered: its address (checked by the safe fetcher's rules when it is saved and again at each
 * delivery), the events it gets, and the Standard Webhooks secret (`whsec_` + base64) its deliveries are signed with.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** The event types it gets ('tool.submitted', ... server/webhooks/events.ts). */
  events: text("events").array().notNull(),
  isEnabled: boolean("is_enabled").notNull().default(true),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/**
 * One event's message to one endpoint: written with its outbox row (channel 'webhook') in the change's transaction, and
 * deleted with it when the outbox's retention purges it. `message_id` is the `webhook-id` of every attempt, redeliveries
 * included; the last attempt's answer (status, a bounded excerpt of the body, how long it took, or why none came) is
 * kept here, the attempts and state on the outbox row.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    outboxId: bigint("outbox_id", { mode: "number" })
      .notNull()
      .references(() => outbox.id, { onDelete: "cascade" }),
    endpointId: bigint("endpoint_id", { mode: "number" })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    event: text("event").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    lastStatus: integer("last_status"),
    lastResponse: text("last_response"),
    lastDurationMs: integer("last_duration_ms"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_message_id_key").on(table.messageId),
    uniqueIndex("webhook_deliveries_outbox_id_key").on(table.outboxId),
    // An endpoint's deliveries in the console, newest first, keyset-paged.
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.id.desc()),
  ],
);
