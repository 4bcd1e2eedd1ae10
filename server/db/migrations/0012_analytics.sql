CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_stats" (
	"metric" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_stats_metric_subject_detail_day_pk" PRIMARY KEY("metric","subject","detail","day")
);
--> statement-breakpoint
CREATE TABLE "daily_visitors" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "daily_visitors_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"referrer" text,
	"tool_id" text,
	"visitor" text NOT NULL,
	"props" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "result_count" integer;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "follow_up_sent_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "daily_stats_metric_day_idx" ON "daily_stats" USING btree ("metric","day");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "searches_found_nothing_idx" ON "searches" USING btree ("count" DESC NULLS LAST,"text") WHERE "searches"."result_count" = 0;--> statement-breakpoint
CREATE INDEX "tools_created_day_idx" ON "tools" USING btree ((("created_at" at time zone 'UTC')::date));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
-- Tools already live before analytics existed have no first week to report: their makers are not sent one.
UPDATE "tools" SET "follow_up_sent_at" = "verified_at" WHERE "verified_at" IS NOT NULL;
--> statement-breakpoint
-- Views and clicks counted before analytics existed become daily counts of the day the tool went live, so that a tool's
-- counters equal the sum of its daily counts from the start ('tool_view' and 'tool_click' of server/analytics/metrics.ts).
INSERT INTO "daily_stats" ("metric", "subject", "detail", "day", "count")
SELECT 'tool_view', "id", '', (coalesce("verified_at", "created_at") at time zone 'UTC')::date, "views" FROM "tools" WHERE "views" > 0;
--> statement-breakpoint
INSERT INTO "daily_stats" ("metric", "subject", "detail", "day", "count")
SELECT 'tool_click', "id", '', (coalesce("verified_at", "created_at") at time zone 'UTC')::date, "clicks" FROM "tools" WHERE "clicks" > 0;
