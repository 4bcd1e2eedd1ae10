-- Who a session cookie names is kept a minute in each app process (keptSessions, server/auth/sessions.ts). A session
-- that ends or is renewed, and a user whose name, role, standing or account changes, are told to every process at
-- once on page_cache, under 'session:' and the auth user's id, as pages are told of what changed. Never '*': ending a
-- thousand sessions drops those, not every kept page.
CREATE FUNCTION session_notify(auth_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text := '';
  tag text;
BEGIN
  FOREACH tag IN ARRAY coalesce(auth_ids, '{}') LOOP
    CONTINUE WHEN tag IS NULL;
    tag := 'session:' || tag;
    IF octet_length(payload) + octet_length(tag) >= 7900 THEN
      PERFORM pg_notify('page_cache', payload);
      payload := '';
    END IF;
    payload := CASE WHEN payload = '' THEN tag ELSE payload || ' ' || tag END;
  END LOOP;
  IF payload <> '' THEN
    PERFORM pg_notify('page_cache', payload);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION auth_sessions_session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM session_notify(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_session_update AFTER UPDATE ON auth_sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_session_notify();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_session_delete AFTER DELETE ON auth_sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_session_notify();
--> statement-breakpoint
CREATE FUNCTION users_session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM session_notify(ARRAY(SELECT DISTINCT auth_id FROM old_rows WHERE auth_id IS NOT NULL));
  ELSE
    PERFORM session_notify(ARRAY(
      SELECT o.auth_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.auth_id IS NOT NULL
        AND (o.auth_id, o.slug, o.username, o.role, o.is_disabled) IS DISTINCT FROM (n.auth_id, n.slug, n.username, n.role, n.is_disabled)
    ));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_session_notify();
--> statement-breakpoint
CREATE TRIGGER users_session_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_session_notify();
--> statement-breakpoint
-- A truncate tells of nothing row by row: every kept session goes, with every kept page (migration 0014).
CREATE TRIGGER auth_sessions_session_truncate AFTER TRUNCATE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION page_cache_notify_all();
