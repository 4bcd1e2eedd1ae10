-- A tool's open-source alternatives (decision 060) are ranked among the most popular open-source tools of each of its
-- categories and tags, as its alternatives are among the most popular tools of each: an open-source live tool keeps
-- its terms twice in tool_terms, as 'c:'/'t:' and as 'o:c:'/'o:t:', and tool_terms_popular_idx gives each in order.
-- A term's open-source tools are then one seek, however few they are among its tools.
CREATE FUNCTION tool_terms_of(l tool_listing) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT prefix || term
  FROM (SELECT 'c:' || c AS term FROM unnest(l.categories) AS c UNION SELECT 't:' || g FROM unnest(l.tags) AS g) AS terms,
    unnest(CASE WHEN l.licence_kind = 'open-source' THEN ARRAY['', 'o:'] ELSE ARRAY[''] END) AS prefix
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
-- The open-source live tools' terms, once.
INSERT INTO tool_terms (tool_id, term, popularity)
SELECT l.id, term, l.popularity
FROM tools t, tool_listing_of(t) AS l, tool_terms_of(l) AS term
WHERE t.is_active AND t.is_verified AND t.licence_kind = 'open-source' AND term LIKE 'o:%'
ON CONFLICT (tool_id, term) DO NOTHING;
