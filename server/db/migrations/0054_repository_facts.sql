CREATE TABLE "forge_status" (
	"forge" text PRIMARY KEY NOT NULL,
	"remaining" integer,
	"reset_at" timestamp (3) with time zone,
	"limited_until" timestamp (3) with time zone,
	"last_run_at" timestamp (3) with time zone,
	"last_run" jsonb
);
--> statement-breakpoint
CREATE TABLE "repository_facts" (
	"tool_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"stars" integer,
	"forks" integer,
	"is_archived" boolean,
	"licence" text,
	"last_commit_at" timestamp (3) with time zone,
	"latest_release_tag" text,
	"latest_release_at" timestamp (3) with time zone,
	"first_read_at" timestamp (3) with time zone,
	"checked_at" timestamp (3) with time zone,
	"validators" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repository_history" (
	"tool_id" text NOT NULL,
	"year" smallint NOT NULL,
	"stars" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"forks" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"commit_days" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"release_days" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	CONSTRAINT "repository_history_tool_id_year_pk" PRIMARY KEY("tool_id","year")
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "repository_url" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "licence" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "licence_kind" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "is_licence_set_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "self_hostable" text;--> statement-breakpoint
ALTER TABLE "repository_facts" ADD CONSTRAINT "repository_facts_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository_history" ADD CONSTRAINT "repository_history_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repository_facts_checked_idx" ON "repository_facts" USING btree ("checked_at" NULLS FIRST,"tool_id");--> statement-breakpoint
-- A tool's repository_facts row follows its repository_url, whoever writes the tool: a new address starts over
-- ('pending', no facts, no ETags), and a removed one takes its facts and its history, which told of that repository,
-- away. Row triggers that fire only when the address is set or changes: the other writes of a tool never run them.
CREATE FUNCTION tools_sync_repository() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM repository_facts WHERE tool_id = NEW.id;
    DELETE FROM repository_history WHERE tool_id = NEW.id;
  END IF;
  IF NEW.repository_url IS NOT NULL THEN
    INSERT INTO repository_facts (tool_id, url) VALUES (NEW.id, NEW.repository_url);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tools_repository_insert AFTER INSERT ON tools
  FOR EACH ROW WHEN (NEW.repository_url IS NOT NULL) EXECUTE FUNCTION tools_sync_repository();
--> statement-breakpoint
CREATE TRIGGER tools_repository_update AFTER UPDATE OF repository_url ON tools
  FOR EACH ROW WHEN (OLD.repository_url IS DISTINCT FROM NEW.repository_url) EXECUTE FUNCTION tools_sync_repository();
