-- A tool's full-text document (migration 0004) is made by one function, from the tool's fields and its categories'
-- labels. The row trigger calls it for each write of one tool; the catalogue import (server/catalogue/import.ts)
-- switches the trigger off and calls it in the statement that writes thousands of rows, instead of a trigger call per
-- row. One definition, so a tool imported and a tool edited are found by the same words. A field given
-- as NULL reads as empty, as the columns' defaults are: a statement that leaves a column to its default gets the same.
CREATE FUNCTION tool_search_vector(name text, tags text[], category_labels text, short_desc text, long_desc text) RETURNS tsvector
  LANGUAGE sql STABLE AS $$
  SELECT
    setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(array_to_string(tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(category_labels, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(short_desc, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(long_desc, '')), 'D')
$$;
--> statement-breakpoint
-- The labels of the categories `ids`, as the document reads them.
CREATE FUNCTION tool_category_labels(ids text[]) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(c.label, ' ') FROM categories c WHERE c.id = ANY (ids)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tools_refresh_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := tool_search_vector(NEW.name, NEW.tags, tool_category_labels(NEW.categories), NEW.short_desc, NEW.long_desc);
  RETURN NEW;
END;
$$;
