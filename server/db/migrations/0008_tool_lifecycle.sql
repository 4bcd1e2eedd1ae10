ALTER TABLE "tools" ADD COLUMN "submitted_by" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "website_domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "has_identity_changed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "rejected_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "is_claim_likely_genuine" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_queue_idx" ON "tools" USING btree ("has_skipped_line" DESC NULLS FIRST,"date_skipped_line","created_at","id") WHERE not "tools"."is_verified" and "tools"."rejected_at" is null;--> statement-breakpoint
CREATE INDEX "tools_website_domain_idx" ON "tools" USING btree ("website_domain");--> statement-breakpoint
CREATE INDEX "tools_claims_idx" ON "tools" USING btree ("updated_at") WHERE "tools"."has_been_claimed" and not "tools"."was_claimed_accepted";--> statement-breakpoint
-- Tools listed before this migration get their website's host, without "www.", as the app computes it.
UPDATE "tools" SET "website_domain" = regexp_replace(lower(substring("website" from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')), '^www\.', '') WHERE "website_domain" = '';
