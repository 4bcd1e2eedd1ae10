CREATE TABLE "deals" (
	"tool_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"offer" text NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_live" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_live_ending_idx" ON "deals" USING btree ("ends_at","tool_id") WHERE "deals"."is_live";--> statement-breakpoint
CREATE INDEX "deals_live_categories_idx" ON "deals" USING gin ("categories") WHERE "deals"."is_live";--> statement-breakpoint
-- A deal takes its tool's categories and whether it is live, when written and whenever they change (decision 061).
CREATE FUNCTION deals_take_tool() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.categories, t.is_active AND t.is_verified INTO NEW.categories, NEW.is_live FROM tools t WHERE t.id = NEW.tool_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deals_take_tool BEFORE INSERT OR UPDATE OF tool_id ON deals FOR EACH ROW EXECUTE FUNCTION deals_take_tool();
--> statement-breakpoint
CREATE FUNCTION tools_deal_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deals SET categories = NEW.categories, is_live = NEW.is_active AND NEW.is_verified
  WHERE tool_id = NEW.id AND (categories, is_live) IS DISTINCT FROM (NEW.categories, NEW.is_active AND NEW.is_verified);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tools_deal_follows AFTER UPDATE OF categories, is_active, is_verified ON tools FOR EACH ROW
  WHEN ((OLD.categories, OLD.is_active, OLD.is_verified) IS DISTINCT FROM (NEW.categories, NEW.is_active, NEW.is_verified))
  EXECUTE FUNCTION tools_deal_follows();
--> statement-breakpoint
-- The pages that show a deal: its tool's, and /deals with its feeds.
CREATE FUNCTION deals_notify_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM page_cache_notify(ARRAY['tool:' || coalesce(NEW.tool_id, OLD.tool_id), 'deals']);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deals_notify_pages AFTER INSERT OR UPDATE OR DELETE ON deals FOR EACH ROW EXECUTE FUNCTION deals_notify_pages();
