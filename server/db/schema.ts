/**
 * The database schema: every entity of docs/product.md §3, with the indexes the pages' queries use, one domain a file
 * in ./schema/. Every timestamp keeps millisecond precision, what a JavaScript Date holds, so keyset cursors
 * round-trip exactly. drizzle-kit reads this file (drizzle.config.ts) to write the migrations.
 */
export * from "./schema/users.ts";
export * from "./schema/tools.ts";
export * from "./schema/personal.ts";
export * from "./schema/reviews.ts";
export * from "./schema/search.ts";
export * from "./schema/analytics.ts";
export * from "./schema/auth.ts";
export * from "./schema/site.ts";
export * from "./schema/delivery.ts";
export * from "./schema/link-checks.ts";
export * from "./schema/payments.ts";
export * from "./schema/repositories.ts";
export * from "./schema/deals.ts";
export * from "./schema/link-backs.ts";
export * from "./schema/launches.ts";
