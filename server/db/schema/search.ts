/** The texts people search, and who searched them (one count a visitor a day). */
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

/** Search texts people typed (docs/product.md §3), one row per text, with how often it was searched. */
export const searches = pgTable(
  "searches",
  {
    text: text("text").primaryKey(),
    count: integer("count").notNull().default(1),
    /** How many tools the search found the last time it was made; 0 marks the searches that found nothing. */
    resultCount: integer("result_count"),
    /** How many visitors made it: each visitor counts once a day (their hash changes every day). */
    visitors: integer("visitors").notNull().default(0),
    /** Hidden by an admin for good: never listed on /searches or in the sitemap. */
    isHidden: boolean("is_hidden").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("searches_count_idx").on(table.count.desc(), table.text),
    // The most searched texts that found nothing (/admin/analytics).
    // The most searched texts that found tools (/admin/analytics).
    index("searches_found_tools_idx").on(table.count.desc(), table.text).where(sql`${table.resultCount} > 0`),
    index("searches_found_nothing_idx").on(table.count.desc(), table.text).where(sql`${table.resultCount} = 0`),
    // The listed searches, by how many visitors made them (/searches and the sitemap): those with enough visitors are a
    // range of its first column.
    index("searches_listed_idx")
      .on(table.visitors.desc(), table.text)
      .where(sql`${table.resultCount} > 0 and not ${table.isHidden}`),
    // "Did you mean": the searches that found tools, by the trigrams of their text (pg_trgm).
    index("searches_text_trgm_idx")
      .using("gin", sql`${table.text} gin_trgm_ops`)
      .where(sql`${table.resultCount} > 0 and not ${table.isHidden}`),
  ],
);

/** Who made a search on a day (the day's visitor hash): a search's visitors count each of them once. Kept two days. */
export const searchVisitors = pgTable(
  "search_visitors",
  {
    text: text("text").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.text, table.day, table.visitor] }),
    index("search_visitors_day_idx").on(table.day),
  ],
);
