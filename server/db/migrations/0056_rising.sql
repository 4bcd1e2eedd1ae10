ALTER TABLE "tools" ADD COLUMN "rising" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_public_rising_idx" ON "tools" USING btree ("rising" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_active" and "tools"."is_verified";--> statement-breakpoint
CREATE INDEX "tools_featured_rising_idx" ON "tools" USING btree ("rising" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_home_boosted" and "tools"."is_active" and "tools"."is_verified";
--> statement-breakpoint
-- The rising score is rewritten by the repositories' refresh, which tells the pages that show it once, by the 'rising'
-- tag, as the trending job does: a tool's own pages do not change with it.
CREATE OR REPLACE FUNCTION tool_change_tags(o tools, n tools) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  unseen CONSTANT text[] := ARRAY['views', 'clicks', 'updated_at', 'search_vector', 'keywords', 'website_domain', 'submitted_by',
    'claimed_by', 'is_claim_likely_genuine', 'has_identity_changed', 'rejected_at', 'rejection_reason', 'has_skipped_line',
    'date_skipped_line', 'follow_up_sent_at', 'is_featured_nl', 'trending', 'rising'];
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
  IF (o.payment_type, o.is_home_boosted, o.categories, o.tags, o.verified_at, o.created_at, o.licence_kind, o.self_hostable)
     IS DISTINCT FROM (n.payment_type, n.is_home_boosted, n.categories, n.tags, n.verified_at, n.created_at, n.licence_kind, n.self_hostable) THEN
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
