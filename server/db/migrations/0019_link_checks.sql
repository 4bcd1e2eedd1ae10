CREATE TABLE "link_checks" (
	"tool_id" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp (3) with time zone NOT NULL,
	"status" integer,
	"final_url" text,
	"error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"is_moved" boolean DEFAULT false NOT NULL,
	"flagged_at" timestamp (3) with time zone,
	"hidden_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_checks_flagged_idx" ON "link_checks" USING btree ("flagged_at" DESC NULLS FIRST,"tool_id" DESC NULLS FIRST) WHERE "link_checks"."flagged_at" is not null;