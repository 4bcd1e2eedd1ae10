CREATE TABLE "launches" (
	"tool_id" text PRIMARY KEY NOT NULL,
	"launch_at" timestamp (3) with time zone NOT NULL,
	"is_waiting" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launches_waiting_idx" ON "launches" USING btree ("launch_at","tool_id") WHERE "launches"."is_waiting";--> statement-breakpoint
CREATE FUNCTION launches_notify_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM page_cache_notify(ARRAY['tool:' || coalesce(NEW.tool_id, OLD.tool_id), 'coming-soon']);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER launches_notify_pages AFTER INSERT OR UPDATE OR DELETE ON launches FOR EACH ROW EXECUTE FUNCTION launches_notify_pages();--> statement-breakpoint
CREATE FUNCTION tools_launch_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE launches SET is_waiting = false, updated_at = now() WHERE tool_id = NEW.id AND is_waiting;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tools_launch_follows AFTER UPDATE OF is_active ON tools FOR EACH ROW
  WHEN (NEW.is_active AND NOT OLD.is_active)
  EXECUTE FUNCTION tools_launch_follows();
