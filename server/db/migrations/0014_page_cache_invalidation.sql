-- The app keeps visitors' pages in a cache (server/http/page-cache.ts). Each kept page carries the tags of what it
-- shows (server/cache/page-tags.ts names them). Every write to tools, categories or users sends, on the channel
-- page_cache, the tags of the pages it changes: NOTIFY is delivered at commit, so the pages are dropped after the change
-- is committed and never for a change rolled back. Written here, every writer (the app, a command, a manual fix) does it.
-- A payload is tags separated by spaces, or '*' for every page.

-- The live-tool counts (migration 0004) change only when a tool's state, tags or categories do: an edit that sends them
-- unchanged no longer takes each count down and up again, which would also tell the cache the counts changed.
CREATE OR REPLACE FUNCTION tools_adjust_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.is_active, OLD.is_verified, OLD.tags, OLD.categories) IS NOT DISTINCT FROM (NEW.is_active, NEW.is_verified, NEW.tags, NEW.categories) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_active AND OLD.is_verified THEN
    UPDATE tag_counts SET count = count - 1 WHERE tag = ANY (OLD.tags);
    DELETE FROM tag_counts WHERE tag = ANY (OLD.tags) AND count <= 0;
    UPDATE categories SET tool_count = tool_count - 1 WHERE id = ANY (OLD.categories);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_active AND NEW.is_verified THEN
    INSERT INTO tag_counts (tag, count)
      SELECT DISTINCT t, 1 FROM unnest(NEW.tags) AS t
      ON CONFLICT (tag) DO UPDATE SET count = tag_counts.count + 1;
    UPDATE categories SET tool_count = tool_count + 1 WHERE id = ANY (NEW.categories);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Sends `tags` on page_cache, in payloads under PostgreSQL's limit of 8000 bytes; beyond 500 tags, '*' drops every page.
CREATE FUNCTION page_cache_notify(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text := '';
  tag text;
BEGIN
  IF tags IS NULL OR cardinality(tags) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(tags) > 500 THEN
    PERFORM pg_notify('page_cache', '*');
    RETURN;
  END IF;
  FOREACH tag IN ARRAY tags LOOP
    IF octet_length(payload) + octet_length(tag) >= 7900 THEN
      PERFORM pg_notify('page_cache', payload);
      payload := '';
    END IF;
    payload := CASE WHEN payload = '' THEN tag ELSE payload || ' ' || tag END;
  END LOOP;
  PERFORM pg_notify('page_cache', payload);
END;
$$;
--> statement-breakpoint
-- The lists a live tool belongs to, as the pages that list tools record them; none for a tool that is not live.
CREATE FUNCTION tool_list_tags(t tools) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t.is_active AND t.is_verified THEN
    ARRAY['tools', 'pricing:' || t.payment_type]
    || ARRAY(SELECT 'category:' || c FROM unnest(t.categories) AS c)
    || ARRAY(SELECT 'tag:' || g FROM unnest(t.tags) AS g)
    || CASE WHEN t.is_home_boosted THEN ARRAY['featured'] ELSE '{}'::text[] END
    || CASE WHEN t.creator_username IS NOT NULL THEN ARRAY['by-makers'] ELSE '{}'::text[] END
    -- A profile lists its user's tools, a claim still waiting for its answer aside (toolsOwnedBy, server/users/queries.ts).
    || CASE WHEN t.creator_username IS NOT NULL AND NOT (t.has_been_claimed AND NOT t.was_claimed_accepted)
         THEN ARRAY['profile:' || t.creator_username] ELSE '{}'::text[] END
  ELSE '{}'::text[] END
$$;
--> statement-breakpoint
-- The pages a change of one tool touches, from its row before (o) and after (n); either is NULL for an insert or a delete.
-- Columns no visitor sees (the counters, lagging by design, and the moderation's own) change nothing.
CREATE FUNCTION tool_change_tags(o tools, n tools) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  unseen CONSTANT text[] := ARRAY['views', 'clicks', 'updated_at', 'search_vector', 'keywords', 'website_domain', 'submitted_by',
    'claimed_by', 'is_claim_likely_genuine', 'has_identity_changed', 'rejected_at', 'rejection_reason', 'has_skipped_line',
    'date_skipped_line', 'follow_up_sent_at', 'is_featured_nl'];
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
CREATE FUNCTION tools_notify_page_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM page_cache_notify(ARRAY(SELECT DISTINCT unnest(tool_change_tags(NULL, n)) FROM new_rows AS n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM page_cache_notify(ARRAY(SELECT DISTINCT unnest(tool_change_tags(o, n)) FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id));
  ELSE
    PERFORM page_cache_notify(ARRAY(SELECT DISTINCT unnest(tool_change_tags(o, NULL)) FROM old_rows AS o));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tools_page_cache_insert AFTER INSERT ON tools REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tools_notify_page_cache();
--> statement-breakpoint
CREATE TRIGGER tools_page_cache_update AFTER UPDATE ON tools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tools_notify_page_cache();
--> statement-breakpoint
CREATE TRIGGER tools_page_cache_delete AFTER DELETE ON tools REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tools_notify_page_cache();
--> statement-breakpoint
-- Every page shows the categories (the footer): a category added, removed or changed drops every page. Its live-tool
-- count, kept by a trigger on tools, shows only on its own page and on /categories.
CREATE FUNCTION categories_notify_page_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF EXISTS (
      SELECT 1 FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
      WHERE (to_jsonb(o) - 'tool_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'tool_count' - 'updated_at')
    ) THEN
      PERFORM page_cache_notify(ARRAY['categories']);
    ELSE
      PERFORM page_cache_notify(ARRAY(
        SELECT 'category:' || n.id FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id WHERE o.tool_count IS DISTINCT FROM n.tool_count
      ));
    END IF;
  ELSE
    PERFORM page_cache_notify(ARRAY['categories']);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_page_cache_insert AFTER INSERT ON categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION categories_notify_page_cache();
--> statement-breakpoint
CREATE TRIGGER categories_page_cache_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION categories_notify_page_cache();
--> statement-breakpoint
CREATE TRIGGER categories_page_cache_delete AFTER DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION categories_notify_page_cache();
--> statement-breakpoint
-- A public profile shows the user's name, bio and links, and a tool page its linked maker's name. What only the user
-- sees (e-mail, role, boosts, requests, newsletter choice) changes nothing.
CREATE FUNCTION users_notify_page_cache() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unseen CONSTANT text[] := ARRAY['updated_at', 'email', 'role', 'boosts', 'payments', 'has_subscribed_to_newsletter', 'auth_id', 'auth_method'];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM page_cache_notify(ARRAY(SELECT 'profile:' || n.slug FROM new_rows AS n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM page_cache_notify(ARRAY(
      SELECT DISTINCT tag FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id,
        LATERAL unnest(
          ARRAY['profile:' || o.slug, 'profile:' || n.slug]
          || CASE WHEN o.username IS DISTINCT FROM n.username
               THEN ARRAY(SELECT 'tool:' || t.id FROM tools AS t WHERE t.creator_username IN (o.slug, n.slug) AND t.is_linked_to_creator)
               ELSE '{}'::text[] END
        ) AS tag
      WHERE (to_jsonb(o) - unseen) IS DISTINCT FROM (to_jsonb(n) - unseen)
    ));
  ELSE
    PERFORM page_cache_notify(ARRAY(SELECT 'profile:' || o.slug FROM old_rows AS o));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_page_cache_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_page_cache();
--> statement-breakpoint
CREATE TRIGGER users_page_cache_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_page_cache();
--> statement-breakpoint
CREATE TRIGGER users_page_cache_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_notify_page_cache();
--> statement-breakpoint
-- Emptying a table (tests, a reset) drops every page.
CREATE FUNCTION page_cache_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_cache', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tools_page_cache_truncate AFTER TRUNCATE ON tools FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER categories_page_cache_truncate AFTER TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER users_page_cache_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify_all();
