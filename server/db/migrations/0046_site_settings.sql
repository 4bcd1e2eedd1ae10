-- The site's settings an admin changes in the console (decision 048): one row of values that replace the environment's
-- defaults. Any change sends 'settings' on page_cache: every process reloads them, then drops every page it keeps.
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION site_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM page_cache_notify(ARRAY['settings']);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER site_settings_changed AFTER INSERT OR UPDATE OR DELETE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION site_settings_changed();
