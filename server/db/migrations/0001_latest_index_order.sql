DROP INDEX "tools_public_latest_idx";--> statement-breakpoint
DROP INDEX "tools_home_boosted_idx";--> statement-breakpoint
CREATE INDEX "tools_public_latest_idx" ON "tools" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_active" and "tools"."is_verified";--> statement-breakpoint
CREATE INDEX "tools_home_boosted_idx" ON "tools" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_home_boosted" and "tools"."is_active" and "tools"."is_verified";