/** The makers' deals (decision 061): a code, what it gives, and the last day it holds, one per tool. */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { tools } from "./tools.ts";

/**
 * A tool's current deal: its code, what it gives and when it ends (the end of its last day, UTC). Past that it is no
 * longer shown anywhere, and a new one replaces it. `categories` and `is_live` follow the tool's (a trigger on tools,
 * migration 0059), so /deals filters and pages by this table's indexes alone.
 */
export const deals = pgTable(
  "deals",
  {
    toolId: text("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    offer: text("offer").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    isLive: boolean("is_live").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // /deals: the live tools' deals, ending soonest first, from now on.
    index("deals_live_ending_idx").on(table.endsAt, table.toolId).where(sql`${table.isLive}`),
    // /deals?category=: those of one category.
    index("deals_live_categories_idx").using("gin", table.categories).where(sql`${table.isLive}`),
  ],
);
