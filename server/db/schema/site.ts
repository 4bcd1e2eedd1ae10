/** The site's own records: settings, the audit trail, the blog, legal pages and top-lists, scheduled runs, backups, processes and import files. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { users } from "./users.ts";

/**
 * The last run of each scheduled job (server/jobs.ts), shared by every app process: a process runs a job only when it
 * claims its row, so a job runs once per period however many processes there are. `finishedAt` is null while it runs.
 */
export const scheduledRuns = pgTable("scheduled_runs", {
  job: text("job").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date", precision: 3 }),
});

/**
 * The site's settings an admin changed in the console (decision 048): one row, whose values replace the defaults the
 * environment gives. A change tells every process (migration 0046's trigger), which reloads them and drops its pages.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey(),
    values: jsonb("values").$type<Record<string, string | boolean>>().notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check("site_settings_one_row", sql`${table.id} = 1`)],
);

/**
 * Who changed what in the console or through the API, as a verifier or an admin (decision 049): kept for good, and
 * never changed (migration 0047's trigger refuses an update or a delete). The actor is named as they were then.
 */
export const auditRecords = pgTable(
  "audit_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
    /** The user who acted; null for the command line. Not a reference: the record outlives the account. */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    /** What was done, as `thing.action`: tool.verified, user.role, settings.updated... */
    kind: text("kind").notNull(),
    toolId: text("tool_id"),
    /** What it was done to, in words: the tool's name, the user's address, the category's label. */
    subject: text("subject").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (table) => [
    // /admin/audit, newest first: all of it, or one person's, one kind's, one tool's.
    index("audit_records_actor_idx").on(table.actorId, table.id),
    index("audit_records_kind_idx").on(table.kind, table.id),
    index("audit_records_tool_idx").on(table.toolId, table.id),
  ],
);

/** The blog's posts (decision 050): written in the console in Markdown, shown once published, newest first. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    body: text("body").notNull(),
    /** 'draft' (only admins see it) or 'published'. */
    state: text("state").notNull(),
    /** The date the post shows, YYYY-MM-DD. */
    date: text("date").notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("blog_posts_slug_key").on(table.slug),
    // The blog's list: the published posts, newest first.
    index("blog_posts_published_idx").on(table.date, table.slug).where(sql`${table.state} = 'published'`),
  ],
);

/** The terms of service and the privacy policy (decision 050), written in the console in Markdown. */
export const legalPages = pgTable("legal_pages", {
  name: text("name").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  body: text("body").notNull(),
  /** The date of the last change the page shows, YYYY-MM-DD. */
  updated: text("updated").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/** The technology top-lists (decision 050): written in the console, shown in the footer in their order. */
export const topLists = pgTable(
  "top_lists",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The page's address: /top- and lowercase words. */
    path: text("path").notNull(),
    label: text("label").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    /** The words whose tools the page lists. */
    search: text("search").notNull(),
    image: text("image"),
    /** Three sections of Markdown: the first above the tools, the others below. */
    sections: jsonb("sections").$type<{ heading: string; body: string }[]>().notNull(),
    seoTitle: text("seo_title").notNull(),
    seoDescription: text("seo_description").notNull(),
    /** The order of the footer and the API's list. */
    position: integer("position").notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("top_lists_path_key").on(table.path),
    index("top_lists_position_idx").on(table.position, table.id),
  ],
);

/** The backups `npm run backup` made of the embedded database, for /admin/system (the last one matters). */
export const backupRuns = pgTable("backup_runs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  archive: text("archive").notNull(),
  databaseBytes: bigint("database_bytes", { mode: "number" }).notNull(),
  files: integer("files").notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});

/** Every app process running on this database: each writes its row every minute and removes it when it stops (/admin/system). */
export const appProcesses = pgTable(
  "app_processes",
  {
    id: text("id").primaryKey(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    version: text("version").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (table) => [index("app_processes_seen_at_idx").on(table.seenAt)],
);

/**
 * A file an admin uploaded to /admin/import, kept between the upload, the dry runs and the import (a form without
 * JavaScript cannot send the same file twice). Removed once imported; a newer upload removes those older than a day.
 */
export const importFiles = pgTable("import_files", {
  id: text("id").primaryKey(),
  fileName: text("file_name").notNull(),
  /** csv, markdown (an awesome list) or json (our own export). */
  format: text("format").notNull(),
  content: text("content").notNull(),
  uploadedBy: text("uploaded_by").references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
});
