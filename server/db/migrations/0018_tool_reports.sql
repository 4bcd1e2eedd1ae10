CREATE TABLE "tool_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tool_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"reporter_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_by" text,
	"handled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool_reports" ADD CONSTRAINT "tool_reports_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_reports" ADD CONSTRAINT "tool_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_reports" ADD CONSTRAINT "tool_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_reports_open_idx" ON "tool_reports" USING btree ("created_at","id") WHERE "tool_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tool_reports_tool_open_idx" ON "tool_reports" USING btree ("tool_id","created_at","id") WHERE "tool_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tool_reports_reporter_idx" ON "tool_reports" USING btree ("reporter_id") WHERE "tool_reports"."reporter_id" is not null;--> statement-breakpoint
CREATE INDEX "tool_reports_handled_by_idx" ON "tool_reports" USING btree ("handled_by") WHERE "tool_reports"."handled_by" is not null;