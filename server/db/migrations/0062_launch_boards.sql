ALTER TABLE "launches" ADD COLUMN "is_live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "launches_live_idx" ON "launches" USING btree ("launch_at","tool_id") WHERE "launches"."is_live";--> statement-breakpoint
UPDATE launches l SET is_live = t.is_active AND t.is_verified FROM tools t WHERE t.id = l.tool_id;--> statement-breakpoint
CREATE FUNCTION launches_take_tool() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.is_active AND t.is_verified INTO NEW.is_live FROM tools t WHERE t.id = NEW.tool_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER launches_take_tool BEFORE INSERT OR UPDATE OF tool_id ON launches FOR EACH ROW EXECUTE FUNCTION launches_take_tool();--> statement-breakpoint
CREATE OR REPLACE FUNCTION tools_launch_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE launches SET is_live = NEW.is_active AND NEW.is_verified,
    is_waiting = is_waiting AND NOT (NEW.is_active AND NOT OLD.is_active), updated_at = now()
  WHERE tool_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER tools_launch_follows ON tools;--> statement-breakpoint
CREATE TRIGGER tools_launch_follows AFTER UPDATE OF is_active, is_verified ON tools FOR EACH ROW
  WHEN ((OLD.is_active, OLD.is_verified) IS DISTINCT FROM (NEW.is_active, NEW.is_verified))
  EXECUTE FUNCTION tools_launch_follows();--> statement-breakpoint
CREATE OR REPLACE FUNCTION launches_notify_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM page_cache_notify(ARRAY['tool:' || coalesce(NEW.tool_id, OLD.tool_id), 'coming-soon', 'launches']);
  RETURN NULL;
END;
$$;
