CREATE TABLE "link_backs" (
	"tool_id" text PRIMARY KEY NOT NULL,
	"page_url" text NOT NULL,
	"earned" text NOT NULL,
	"found_at" timestamp (3) with time zone NOT NULL,
	"checked_at" timestamp (3) with time zone NOT NULL,
	"missing_since" timestamp (3) with time zone,
	"taken_back_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "link_backs" ADD CONSTRAINT "link_backs_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_backs_watched_idx" ON "link_backs" USING btree ("found_at","tool_id") WHERE "link_backs"."taken_back_at" is null;