CREATE TABLE "link_check_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ran_at" timestamp (3) with time zone NOT NULL,
	"checked" integer NOT NULL,
	"moved" integer NOT NULL,
	"failed" integer NOT NULL,
	"hidden" integer NOT NULL,
	"skipped" integer NOT NULL,
	"pause" jsonb
);
--> statement-breakpoint
CREATE INDEX "link_checks_hidden_idx" ON "link_checks" USING btree ("tool_id") WHERE "link_checks"."hidden_at" is not null;