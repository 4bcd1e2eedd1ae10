/** What the forges say of the tools' repositories (decision 060): the facts as last read, and their weekly history. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import type { RepositoryRun } from "#common/repository.ts";
import { tools } from "./tools.ts";

/**
 * A tool's repository, one row for each tool with a repository_url (kept in step by a trigger on tools, migration
 * 0054), and its facts as the forge last gave them. `state` is 'pending' until the first read, then 'read', or
 * 'missing' once the forge says it is gone. `checked_at` is when the forge last answered (a 304 included), and
 * `validators` the ETags that make the next read conditional.
 */
export const repositoryFacts = pgTable(
  "repository_facts",
  {
    toolId: text("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    state: text("state").$type<"pending" | "read" | "missing">().notNull().default("pending"),
    stars: integer("stars"),
    forks: integer("forks"),
    isArchived: boolean("is_archived"),
    /** The SPDX id the forge found in the licence file. */
    licence: text("licence"),
    lastCommitAt: timestamp("last_commit_at", { withTimezone: true, mode: "date", precision: 3 }),
    latestReleaseTag: text("latest_release_tag"),
    latestReleaseAt: timestamp("latest_release_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** When the forge first answered, the start of the history. */
    firstReadAt: timestamp("first_read_at", { withTimezone: true, mode: "date", precision: 3 }),
    checkedAt: timestamp("checked_at", { withTimezone: true, mode: "date", precision: 3 }),
    validators: jsonb("validators").$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    // The job's stalest first: never read (null) first, then the oldest reads.
    index("repository_facts_checked_idx").on(table.checkedAt.asc().nullsFirst(), table.toolId),
  ],
);

/**
 * A repository's history, one row per tool and ISO year, each array indexed by the ISO week (1 to 53): stars and
 * forks, and the days (since 2000-01-01) of the last commit and the latest release, as the first read of that week
 * found them. A weekly record of four numbers in about 12 bytes: a year of a tool is under 1 kB (decision 060).
 */
export const repositoryHistory = pgTable(
  "repository_history",
  {
    toolId: text("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    year: smallint("year").notNull(),
    stars: integer("stars").array().notNull().default(sql`'{}'::integer[]`),
    forks: integer("forks").array().notNull().default(sql`'{}'::integer[]`),
    commitDays: smallint("commit_days").array().notNull().default(sql`'{}'::smallint[]`),
    releaseDays: smallint("release_days").array().notNull().default(sql`'{}'::smallint[]`),
  },
  (table) => [primaryKey({ columns: [table.toolId, table.year] })],
);

/**
 * Each forge's budget as its last answer told it (requests left, when it fills again), until when it asked to wait
 * (a spent budget or a secondary limit), and the hourly job's last run: what /admin/system shows.
 */
export const forgeStatus = pgTable("forge_status", {
  forge: text("forge").primaryKey(),
  remaining: integer("remaining"),
  resetAt: timestamp("reset_at", { withTimezone: true, mode: "date", precision: 3 }),
  limitedUntil: timestamp("limited_until", { withTimezone: true, mode: "date", precision: 3 }),
  lastRunAt: timestamp("last_run_at", { withTimezone: true, mode: "date", precision: 3 }),
  lastRun: jsonb("last_run").$type<RepositoryRun>(),
});
