DROP INDEX "tools_queue_idx";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "canonical_website" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "registrable_domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "changes_requested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "changes_requested_message" text;--> statement-breakpoint
CREATE INDEX "tools_canonical_website_idx" ON "tools" USING btree ("canonical_website");--> statement-breakpoint
CREATE INDEX "tools_registrable_domain_idx" ON "tools" USING btree ("registrable_domain");--> statement-breakpoint
CREATE INDEX "tools_queue_idx" ON "tools" USING btree ("has_skipped_line" DESC NULLS FIRST,"date_skipped_line","created_at","id") WHERE not "tools"."is_verified" and "tools"."rejected_at" is null and "tools"."changes_requested_at" is null;--> statement-breakpoint
-- A maker's own submission is theirs (decision 022): a verified tool whose submitter is a guest, and that no one made or
-- claimed, is linked to its submitter, as verifying it does from now on. Verifiers' and admins' submissions were curation.
-- The website keys of the rows already there are computed by the app at start (backfillWebsiteKeys): a registrable domain
-- needs the public suffix list.
UPDATE "tools" AS t SET "creator_username" = u."slug", "is_linked_to_creator" = true
  FROM "users" AS u
  WHERE u."id" = t."submitted_by" AND u."role" = 'guest' AND t."is_verified"
    AND t."creator_username" IS NULL AND NOT t."is_linked_to_creator" AND NOT t."has_been_claimed";
