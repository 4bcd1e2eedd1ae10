CREATE TABLE "sponsor_placements" (
	"kind" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"weeks_ahead" integer NOT NULL,
	"is_on_sale" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsor_weeks" (
	"placement" text NOT NULL,
	"week" date NOT NULL,
	"sponsorship_id" text NOT NULL,
	CONSTRAINT "sponsor_weeks_placement_week_pk" PRIMARY KEY("placement","week")
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"placement" text NOT NULL,
	"weeks" date[] NOT NULL,
	"ends_on" date NOT NULL,
	"text" text NOT NULL,
	"url" text NOT NULL,
	"logo" text,
	"state" text NOT NULL,
	"reviewed_at" timestamp (3) with time zone,
	"reviewed_by" text,
	"summary_sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sponsor_weeks" ADD CONSTRAINT "sponsor_weeks_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_id_purchases_id_fk" FOREIGN KEY ("id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsor_weeks_sponsorship_idx" ON "sponsor_weeks" USING btree ("sponsorship_id");--> statement-breakpoint
CREATE INDEX "sponsorships_user_idx" ON "sponsorships" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sponsorships_review_idx" ON "sponsorships" USING btree ("created_at","id") WHERE "sponsorships"."state" = 'review';--> statement-breakpoint
CREATE INDEX "sponsorships_summary_idx" ON "sponsorships" USING btree ("ends_on") WHERE "sponsorships"."state" = 'approved' and "sponsorships"."summary_sent_at" is null;--> statement-breakpoint
CREATE FUNCTION sponsorships_notify_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every page shows the running ads: they change only when an ad starts or stops being approved.
  PERFORM page_cache_notify(ARRAY['sponsors']);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sponsorships_notify_pages AFTER UPDATE OF state ON sponsorships FOR EACH ROW
  WHEN ((OLD.state = 'approved') IS DISTINCT FROM (NEW.state = 'approved'))
  EXECUTE FUNCTION sponsorships_notify_pages();--> statement-breakpoint
CREATE TRIGGER sponsorships_notify_deleted AFTER DELETE ON sponsorships FOR EACH ROW
  WHEN (OLD.state = 'approved')
  EXECUTE FUNCTION sponsorships_notify_pages();--> statement-breakpoint
CREATE FUNCTION sponsor_weeks_notify_pages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- /advertise shows the weeks sold and the prices.
  PERFORM page_cache_notify(ARRAY['advertise']);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sponsor_weeks_notify_pages AFTER INSERT OR DELETE ON sponsor_weeks FOR EACH STATEMENT EXECUTE FUNCTION sponsor_weeks_notify_pages();--> statement-breakpoint
CREATE TRIGGER sponsor_placements_notify_pages AFTER INSERT OR UPDATE OR DELETE ON sponsor_placements FOR EACH STATEMENT EXECUTE FUNCTION sponsor_weeks_notify_pages();
