CREATE TABLE "launch_winners" (
	"week" date NOT NULL,
	"rank" integer NOT NULL,
	"tool_id" text NOT NULL,
	"likes" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_winners_week_rank_pk" PRIMARY KEY("week","rank")
);
--> statement-breakpoint
ALTER TABLE "launch_winners" ADD CONSTRAINT "launch_winners_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "launch_winners_tool_week_idx" ON "launch_winners" USING btree ("tool_id","week");