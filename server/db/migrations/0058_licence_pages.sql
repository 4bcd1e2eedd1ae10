CREATE INDEX "facet_counts_top_licences_idx" ON "facet_counts" USING btree ("count" DESC NULLS FIRST,"value") WHERE "facet_counts"."scope" = '' and "facet_counts"."kind" = 'i';--> statement-breakpoint
CREATE INDEX "tools_public_licence_idx" ON "tools" USING btree ("licence","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "tools"."is_active" and "tools"."is_verified" and "tools"."licence" is not null;
--> statement-breakpoint
-- A licence's page (/licence/{id}, decision 060) says how many live tools it has: each live tool counts under 'i' and
-- its licence as tools.licence keeps it (an SPDX id, or the words given), over the whole catalogue only; and its
-- page is told of every tool that joins or leaves it (the page tag 'licence:' and the id).
ALTER TYPE tool_listing ADD ATTRIBUTE licence text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tool_listing_of(t tools) RETURNS tool_listing LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t.is_active AND t.is_verified
    THEN ROW(t.id, t.categories, t.tags, t.payment_type, t.is_home_boosted, coalesce(t.verified_at, t.created_at), t.views::bigint + t.clicks,
      t.licence_kind, t.self_hostable IS NOT DISTINCT FROM 'confirmed', t.licence)::tool_listing
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION apply_tool_listings(before tool_listing[], after tool_listing[]) RETURNS void LANGUAGE plpgsql SET enable_sort = off AS $$
DECLARE
  emptied_scopes text[];
  emptied_kinds text[];
  emptied_values text[];
BEGIN
  PERFORM pg_advisory_xact_lock(7203116);

  -- A tool's terms (tool_terms_of): 'c:' and each of its categories, 't:' and each of its tags, and the same after
  -- 'o:' for an open-source tool.
  DELETE FROM tool_terms tt
  USING (
    SELECT b.id, term FROM unnest(before) AS b, tool_terms_of(b) AS term
    EXCEPT SELECT a.id, term FROM unnest(after) AS a, tool_terms_of(a) AS term
  ) AS gone
  WHERE tt.tool_id = gone.id AND tt.term = gone.term;

  INSERT INTO tool_terms (tool_id, term, popularity)
  SELECT DISTINCT a.id, term, a.popularity FROM unnest(after) AS a, tool_terms_of(a) AS term
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
    UNION ALL SELECT id, sign, 'i', licence FROM change WHERE licence IS NOT NULL
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
    -- A licence by its id is counted over the whole catalogue only: its page has no filters.
    WHERE v.kind <> 'i' OR s.scope = ''
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
      SELECT b, a, ((b).id, (b).categories, (b).tags, (b).payment_type, (b).is_home_boosted, (b).verified_at, (b).licence_kind, (b).is_self_hostable, (b).licence)
        IS DISTINCT FROM ((a).id, (a).categories, (a).tags, (a).payment_type, (a).is_home_boosted, (a).verified_at, (a).licence_kind, (a).is_self_hostable, (a).licence) AS moved
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
CREATE OR REPLACE FUNCTION tool_list_tags(t tools) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t.is_active AND t.is_verified THEN
    ARRAY['tools', 'pricing:' || t.payment_type]
    || ARRAY(SELECT 'category:' || c FROM unnest(t.categories) AS c)
    || ARRAY(SELECT 'tag:' || g FROM unnest(t.tags) AS g)
    || CASE WHEN t.is_home_boosted THEN ARRAY['featured'] ELSE '{}'::text[] END
    || CASE WHEN t.licence IS NOT NULL THEN ARRAY['licence:' || t.licence] ELSE '{}'::text[] END
    || CASE WHEN t.creator_username IS NOT NULL THEN ARRAY['by-makers'] ELSE '{}'::text[] END
    -- A profile lists its user's tools, a claim still waiting for its answer aside (toolsOwnedBy, server/users/queries.ts).
    || CASE WHEN t.creator_username IS NOT NULL AND NOT (t.has_been_claimed AND NOT t.was_claimed_accepted)
         THEN ARRAY['profile:' || t.creator_username] ELSE '{}'::text[] END
  ELSE '{}'::text[] END
$$;
--> statement-breakpoint
-- The live tools' licences, counted once.
INSERT INTO facet_counts (scope, kind, value, count)
SELECT '', 'i', licence, count(*)::int FROM tools
WHERE is_active AND is_verified AND licence IS NOT NULL
GROUP BY licence;
