CREATE INDEX "tools_public_licence_kind_idx" ON "tools" USING btree ("licence_kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_active" and "tools"."is_verified" and "tools"."licence_kind" is not null;--> statement-breakpoint
CREATE INDEX "tools_public_self_hostable_idx" ON "tools" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_active" and "tools"."is_verified" and "tools"."self_hostable" = 'confirmed';
--> statement-breakpoint
-- The lists filter and count by licence kind and by self-hosting (decision 060): each live tool counts under 'l' and
-- its licence's kind, and under 's' when a verifier confirmed it can be self-hosted, in every list's counts, and the
-- lists these filters make have their own counts (scopes 'l:' and the kind, and 's').
ALTER TYPE tool_listing ADD ATTRIBUTE licence_kind text, ADD ATTRIBUTE is_self_hostable boolean;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION apply_tool_listings(before tool_listing[], after tool_listing[]) RETURNS void LANGUAGE plpgsql SET enable_sort = off AS $$
DECLARE
  emptied_scopes text[];
  emptied_kinds text[];
  emptied_values text[];
BEGIN
  PERFORM pg_advisory_xact_lock(7203116);

  -- A tool's terms: 'c:' and each of its categories, 't:' and each of its tags.
  DELETE FROM tool_terms tt
  USING (
    SELECT b.id, 'c:' || c AS term FROM unnest(before) AS b, unnest(b.categories) AS c
    UNION SELECT b.id, 't:' || g FROM unnest(before) AS b, unnest(b.tags) AS g
    EXCEPT (
      SELECT a.id, 'c:' || c FROM unnest(after) AS a, unnest(a.categories) AS c
      UNION SELECT a.id, 't:' || g FROM unnest(after) AS a, unnest(a.tags) AS g
    )
  ) AS gone
  WHERE tt.tool_id = gone.id AND tt.term = gone.term;

  INSERT INTO tool_terms (tool_id, term, popularity)
  SELECT * FROM (
    SELECT a.id, 'c:' || c AS term, a.popularity FROM unnest(after) AS a, unnest(a.categories) AS c
    UNION SELECT a.id, 't:' || g, a.popularity FROM unnest(after) AS a, unnest(a.tags) AS g
  ) AS terms
  ON CONFLICT (tool_id, term) DO UPDATE SET popularity = excluded.popularity WHERE tool_terms.popularity <> excluded.popularity;

  WITH change AS (
    SELECT -1 AS sign, b.* FROM unnest(before) AS b
    UNION ALL
    SELECT 1, a.* FROM unnest(after) AS a
  ), counted_values AS (
    SELECT id, sign, 'c' AS kind, c AS value FROM change, unnest(categories) AS c
    UNION SELECT id, sign, 't', g FROM change, unnest(tags) AS g
    UNION ALL SELECT id, sign, 'p', payment_type FROM change
    UNION ALL SELECT id, sign, 'f', '' FROM change WHERE is_home_boosted
    UNION ALL SELECT id, sign, 'v', to_char(verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM change
    UNION ALL SELECT id, sign, 'l', licence_kind FROM change WHERE licence_kind IS NOT NULL
    UNION ALL SELECT id, sign, 's', '' FROM change WHERE is_self_hostable
    UNION ALL SELECT id, sign, '', '' FROM change
  ), scopes AS (
    SELECT id, sign, '' AS scope FROM change
    UNION SELECT id, sign, 'c:' || c FROM change, unnest(categories) AS c
    UNION SELECT id, sign, 't:' || g FROM change, unnest(tags) AS g
    UNION ALL SELECT id, sign, 'p:' || payment_type FROM change
    UNION ALL SELECT id, sign, 'f' FROM change WHERE is_home_boosted
    UNION ALL SELECT id, sign, 'l:' || licence_kind FROM change WHERE licence_kind IS NOT NULL
    UNION ALL SELECT id, sign, 's' FROM change WHERE is_self_hostable
  ), counted AS (
    INSERT INTO facet_counts (scope, kind, value, count)
    SELECT s.scope, v.kind, v.value, sum(v.sign)::int
    FROM counted_values v JOIN scopes s ON s.id = v.id AND s.sign = v.sign
    GROUP BY 1, 2, 3
    HAVING sum(v.sign) <> 0
    ON CONFLICT (scope, kind, value) DO UPDATE SET count = facet_counts.count + excluded.count
    RETURNING scope, kind, value, count
  )
  SELECT array_agg(scope), array_agg(kind), array_agg(value) INTO emptied_scopes, emptied_kinds, emptied_values FROM counted WHERE count <= 0;

  -- A count that reaches nothing goes.
  IF emptied_scopes IS NOT NULL THEN
    DELETE FROM facet_counts f
    USING unnest(emptied_scopes, emptied_kinds, emptied_values) AS emptied (scope, kind, value)
    WHERE f.scope = emptied.scope AND f.kind = emptied.kind AND f.value = emptied.value;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tool_listing_of(t tools) RETURNS tool_listing LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t.is_active AND t.is_verified
    THEN ROW(t.id, t.categories, t.tags, t.payment_type, t.is_home_boosted, coalesce(t.verified_at, t.created_at), t.views::bigint + t.clicks,
      t.licence_kind, t.self_hostable IS NOT DISTINCT FROM 'confirmed')::tool_listing
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tools_sync_listings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before tool_listing[];
  after tool_listing[];
  counted tool_listing[];
BEGIN
  -- (l).id, not l: a composite with one NULL field (verified_at) is not "IS NOT NULL".
  IF TG_OP = 'INSERT' THEN
    after := ARRAY(SELECT l FROM new_rows n, tool_listing_of(n) AS l WHERE (l).id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    before := ARRAY(SELECT l FROM old_rows o, tool_listing_of(o) AS l WHERE (l).id IS NOT NULL);
  ELSE
    -- Only the rows whose listing changed: an edit of a description, or of anything no list reads, does nothing here.
    -- A live tool whose counters alone moved (the analytics' batches) only changes its popularity.
    SELECT array_agg(b) FILTER (WHERE moved AND (b).id IS NOT NULL), array_agg(a) FILTER (WHERE moved AND (a).id IS NOT NULL), array_agg(a) FILTER (WHERE NOT moved)
    INTO before, after, counted
    FROM (
      SELECT b, a, ((b).id, (b).categories, (b).tags, (b).payment_type, (b).is_home_boosted, (b).verified_at, (b).licence_kind, (b).is_self_hostable)
        IS DISTINCT FROM ((a).id, (a).categories, (a).tags, (a).payment_type, (a).is_home_boosted, (a).verified_at, (a).licence_kind, (a).is_self_hostable) AS moved
      FROM old_rows o JOIN new_rows n ON n.id = o.id, tool_listing_of(o) AS b, tool_listing_of(n) AS a
    ) AS pairs
    WHERE b IS DISTINCT FROM a;
    IF cardinality(counted) > 0 THEN
      UPDATE tool_terms tt SET popularity = c.popularity FROM unnest(counted) AS c WHERE tt.tool_id = c.id AND tt.popularity <> c.popularity;
    END IF;
  END IF;
  IF cardinality(before) > 0 OR cardinality(after) > 0 THEN
    PERFORM apply_tool_listings(coalesce(before, '{}'), coalesce(after, '{}'));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A change of a tool's licence kind or self-hosting moves the counts of every list it is in, as its pricing does.
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
--> statement-breakpoint
-- The live tools counted before these facets existed: counted again from what they were (no licence kind, not
-- self-hostable) to what they are, a slice of ids at a time, so only the new counts are written.
DO $$
DECLARE
  ids text[];
  last_id text := '';
BEGIN
  LOOP
    SELECT array_agg(id ORDER BY id) INTO ids FROM (
      SELECT id FROM tools
      WHERE is_active AND is_verified AND (licence_kind IS NOT NULL OR self_hostable = 'confirmed') AND id > last_id
      ORDER BY id LIMIT 25000
    ) AS slice;
    EXIT WHEN ids IS NULL;
    PERFORM apply_tool_listings(
      ARRAY(SELECT ROW((l).id, (l).categories, (l).tags, (l).payment_type, (l).is_home_boosted, (l).verified_at, (l).popularity, NULL, false)::tool_listing
        FROM tools t, tool_listing_of(t) AS l WHERE t.id = ANY(ids)),
      ARRAY(SELECT l FROM tools t, tool_listing_of(t) AS l WHERE t.id = ANY(ids)));
    last_id := ids[cardinality(ids)];
  END LOOP;
END;
$$;
