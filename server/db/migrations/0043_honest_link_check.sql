-- An honest link check (decision 045): the tool page says "Link checked" from the last check that found the website
-- working, and /admin/links says since when a link fails. The checks made before count from what they recorded.
ALTER TABLE "link_checks" ADD COLUMN "working_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "link_checks" ADD COLUMN "failing_since" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "link_checks" SET "working_at" = "checked_at" WHERE "failures" = 0;--> statement-breakpoint
UPDATE "link_checks" SET "failing_since" = "checked_at" WHERE "failures" > 0;
