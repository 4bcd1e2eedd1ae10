CREATE TABLE "tag_counts" (
	"tag" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "tool_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "tag_counts_count_idx" ON "tag_counts" USING btree ("count" DESC NULLS FIRST,"tag");--> statement-breakpoint
CREATE INDEX "tools_public_views_idx" ON "tools" USING btree ("views" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_active" and "tools"."is_verified";--> statement-breakpoint
CREATE INDEX "tools_public_clicks_idx" ON "tools" USING btree ("clicks" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_active" and "tools"."is_verified";--> statement-breakpoint
CREATE INDEX "tools_search_vector_idx" ON "tools" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING gin (lower("name") gin_trgm_ops);