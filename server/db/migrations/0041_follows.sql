-- Follows (decision 044): the categories and tags a person follows, and when their weekly e-mail of the new tools in
-- them is due. Nobody's page shows these columns of users, so changing them drops no cached page.
CREATE TABLE "follows" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "follow_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "follow_digest_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_follow_digest_due_idx" ON "users" USING btree ("follow_digest_due_at") WHERE "users"."follow_digest_due_at" is not null;--> statement-breakpoint
CREATE INDEX "users_newsletter_idx" ON "users" USING btree ("id") WHERE "users"."has_subscribed_to_newsletter";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_notify_page_cache() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unseen CONSTANT text[] := ARRAY['updated_at', 'email', 'role', 'boosts', 'payments', 'has_subscribed_to_newsletter', 'auth_id', 'auth_method',
    'follow_digest', 'follow_digest_due_at'];
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
