-- Likes (decision 042): a favourite counts as a public like once its account is a day old and within its daily limit;
-- until then it waits (counted_at null) and the likes' job looks at it again at count_after. tools.likes counts the
-- favourites that count, kept here by a trigger, so no page counts rows. tools.trending is this week's likes and views
-- weighted by age, written by the hourly job; the lists sort by both through their own partial indexes.
ALTER TABLE "favorites" ADD COLUMN "counted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "count_after" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "likes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "trending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "favorites_waiting_idx" ON "favorites" USING btree ("count_after") WHERE "favorites"."counted_at" is null;--> statement-breakpoint
CREATE INDEX "favorites_counted_at_idx" ON "favorites" USING btree ("counted_at") WHERE "favorites"."counted_at" is not null;--> statement-breakpoint
CREATE INDEX "tools_public_likes_idx" ON "tools" USING btree ("likes" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_active" and "tools"."is_verified";--> statement-breakpoint
CREATE INDEX "tools_public_trending_idx" ON "tools" USING btree ("trending" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_active" and "tools"."is_verified";--> statement-breakpoint
CREATE INDEX "tools_trending_idx" ON "tools" USING btree ("id") WHERE "tools"."trending" > 0;
--> statement-breakpoint
-- Every writer keeps the count: a favourite that counts when added, one that starts to count, one removed that counted
-- (a person's, or every one of a deleted user's or tool's).
CREATE FUNCTION favorites_count_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.counted_at IS NOT NULL THEN
      UPDATE tools SET likes = likes + 1 WHERE id = NEW.tool_id;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF (OLD.counted_at IS NULL) <> (NEW.counted_at IS NULL) THEN
      UPDATE tools SET likes = greatest(likes + CASE WHEN NEW.counted_at IS NULL THEN -1 ELSE 1 END, 0) WHERE id = NEW.tool_id;
    END IF;
  ELSIF OLD.counted_at IS NOT NULL THEN
    UPDATE tools SET likes = greatest(likes - 1, 0) WHERE id = OLD.tool_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER favorites_count_likes AFTER INSERT OR UPDATE OF counted_at OR DELETE ON favorites
  FOR EACH ROW EXECUTE FUNCTION favorites_count_likes();
--> statement-breakpoint
-- The favourites kept before likes were counted are likes from the day they were kept.
UPDATE favorites SET counted_at = created_at;
--> statement-breakpoint
-- A like changes the count its tool's pages and cards show, so it drops them (the 'tool:' tag); the trending score,
-- rewritten by the hourly job, is told once by the job itself (the 'trending' tag), not per tool.
CREATE OR REPLACE FUNCTION tool_change_tags(o tools, n tools) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  unseen CONSTANT text[] := ARRAY['views', 'clicks', 'updated_at', 'search_vector', 'keywords', 'website_domain', 'submitted_by',
    'claimed_by', 'is_claim_likely_genuine', 'has_identity_changed', 'rejected_at', 'rejection_reason', 'has_skipped_line',
    'date_skipped_line', 'follow_up_sent_at', 'is_featured_nl', 'trending'];
  before text[] := CASE WHEN o.id IS NULL THEN '{}'::text[] ELSE tool_list_tags(o) END;
  after text[] := CASE WHEN n.id IS NULL THEN '{}'::text[] ELSE tool_list_tags(n) END;
  tags text[];
BEGIN
  IF o.id IS NOT NULL AND n.id IS NOT NULL AND (to_jsonb(o) - unseen) = (to_jsonb(n) - unseen) THEN
    RETURN '{}'::text[];
  END IF;
  tags := ARRAY['tool:' || coalesce(n.id, o.id)];
  IF cardinality(before) = 0 AND cardinality(after) = 0 THEN
    RETURN tags;
  END IF;
  IF cardinality(before) = 0 OR cardinality(after) = 0 THEN
    -- It went live or stopped being live: every list it is in, every search, and the tag counts.
    RETURN tags || before || after || ARRAY['search', 'tags'];
  END IF;
  -- Live before and after: the lists it joined or left.
  tags := tags || ARRAY(SELECT unnest(before) EXCEPT SELECT unnest(after)) || ARRAY(SELECT unnest(after) EXCEPT SELECT unnest(before));
  -- What the lists' facet counts read of it changed: every list with counts that it is in counts again, the pages of
  -- it that do not show it too (a maker's profile and the makers' list have no counts).
  IF (o.payment_type, o.is_home_boosted, o.categories, o.tags, o.verified_at, o.created_at)
     IS DISTINCT FROM (n.payment_type, n.is_home_boosted, n.categories, n.tags, n.verified_at, n.created_at) THEN
    tags := tags || ARRAY(SELECT l FROM unnest(before || after) AS l WHERE l <> 'by-makers' AND l NOT LIKE 'profile:%');
  END IF;
  IF (o.name, o.short_desc, o.long_desc, o.tags, o.categories) IS DISTINCT FROM (n.name, n.short_desc, n.long_desc, n.tags, n.categories) THEN
    tags := tags || ARRAY['search'];
  END IF;
  IF o.tags IS DISTINCT FROM n.tags THEN
    tags := tags || ARRAY['tags'];
  END IF;
  -- A category page shows its featured tools first.
  IF o.is_featured_category IS DISTINCT FROM n.is_featured_category THEN
    tags := tags || ARRAY(SELECT 'category:' || c FROM unnest(o.categories || n.categories) AS c);
  END IF;
  RETURN tags;
END;
$$;
