-- Derived data kept by the database itself, so every writer (the app, the seed, the benchmark seed, a manual fix) keeps it right.

-- 1. A tool's full-text document: name (A), tags and category labels (B), short description (C), long description (D).
--    The name and tags are indexed both as written ('simple') and stemmed ('english').
CREATE FUNCTION tools_refresh_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple', array_to_string(NEW.tags, ' ')), 'B') ||
    setweight(to_tsvector('english', coalesce((SELECT string_agg(c.label, ' ') FROM categories c WHERE c.id = ANY (NEW.categories)), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.short_desc, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(NEW.long_desc, '')), 'D');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tools_search_vector BEFORE INSERT OR UPDATE OF name, tags, categories, short_desc, long_desc ON tools
  FOR EACH ROW EXECUTE FUNCTION tools_refresh_search_vector();
--> statement-breakpoint
-- A renamed category changes the documents of its tools.
CREATE FUNCTION categories_refresh_tool_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.label IS DISTINCT FROM OLD.label THEN
    UPDATE tools SET categories = categories WHERE categories @> ARRAY[NEW.id];
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_label_changed AFTER UPDATE OF label ON categories
  FOR EACH ROW EXECUTE FUNCTION categories_refresh_tool_documents();
--> statement-breakpoint
-- 2. Live-tool counts per tag and per category: a live tool leaving takes its tags and categories out, one arriving puts them in.
CREATE FUNCTION tools_adjust_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER tools_counts AFTER INSERT OR DELETE OR UPDATE OF is_active, is_verified, tags, categories ON tools
  FOR EACH ROW EXECUTE FUNCTION tools_adjust_counts();
--> statement-breakpoint
-- Backfill what existed before these triggers.
UPDATE tools SET name = name;
--> statement-breakpoint
INSERT INTO tag_counts (tag, count)
  SELECT t, count(*) FROM tools, unnest(tags) AS t WHERE is_active AND is_verified GROUP BY t;
--> statement-breakpoint
UPDATE categories c SET tool_count = (SELECT count(*) FROM tools t WHERE t.categories @> ARRAY[c.id] AND t.is_active AND t.is_verified);
