DROP INDEX "launches_live_idx";--> statement-breakpoint
ALTER TABLE "launches" ADD COLUMN "likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "launches" ADD COLUMN "launch_day" date GENERATED ALWAYS AS (((launch_at AT TIME ZONE 'UTC')::date)) STORED;--> statement-breakpoint
ALTER TABLE "launches" ADD COLUMN "launch_week" date GENERATED ALWAYS AS ((date_trunc('week', launch_at AT TIME ZONE 'UTC')::date)) STORED;--> statement-breakpoint
CREATE INDEX "launches_day_board_idx" ON "launches" USING btree ("launch_day","likes" DESC NULLS FIRST,"launch_at","tool_id") WHERE "launches"."is_live";--> statement-breakpoint
CREATE INDEX "launches_week_board_idx" ON "launches" USING btree ("launch_week","likes" DESC NULLS FIRST,"launch_at","tool_id") WHERE "launches"."is_live";
--> statement-breakpoint
UPDATE launches l SET likes = t.likes FROM tools t WHERE t.id = l.tool_id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION launches_take_tool() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.is_active AND t.is_verified, t.likes INTO NEW.is_live, NEW.likes FROM tools t WHERE t.id = NEW.tool_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION tools_launch_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE launches SET likes = NEW.likes WHERE tool_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tools_launch_likes AFTER UPDATE OF likes ON tools FOR EACH ROW
  WHEN (OLD.likes IS DISTINCT FROM NEW.likes)
  EXECUTE FUNCTION tools_launch_likes();--> statement-breakpoint
DROP TRIGGER launches_notify_pages ON launches;--> statement-breakpoint
CREATE TRIGGER launches_notify_pages AFTER INSERT OR DELETE ON launches FOR EACH ROW EXECUTE FUNCTION launches_notify_pages();--> statement-breakpoint
CREATE TRIGGER launches_notify_pages_on_change AFTER UPDATE ON launches FOR EACH ROW
  WHEN ((OLD.launch_at, OLD.is_waiting, OLD.is_live) IS DISTINCT FROM (NEW.launch_at, NEW.is_waiting, NEW.is_live))
  EXECUTE FUNCTION launches_notify_pages();
