-- Reviews (decision 043): one rating and review per person and tool, with the maker's reply, helpful votes and
-- reports. A tool's rating (how many live reviews, their sum, and how many of each rating) is kept on the tool by a
-- trigger, so no page counts or averages rows; a change a visitor sees drops the tool's pages.
CREATE TABLE "review_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"review_id" text NOT NULL,
	"reporter_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"tool_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"moderation_reason" text,
	"moderated_at" timestamp (3) with time zone,
	"reply" text,
	"replied_at" timestamp (3) with time zone,
	"helpful" integer DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "rating_counts" integer[] DEFAULT '{0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reports_review_idx" ON "review_reports" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE INDEX "review_votes_user_idx" ON "review_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_tool_user_key" ON "reviews" USING btree ("tool_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_live_newest_idx" ON "reviews" USING btree ("tool_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."status" = 'live';--> statement-breakpoint
CREATE INDEX "reviews_live_helpful_idx" ON "reviews" USING btree ("tool_id","helpful" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."status" = 'live';--> statement-breakpoint
CREATE INDEX "reviews_waiting_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "reviews_reported_idx" ON "reviews" USING btree ("updated_at","id") WHERE "reviews"."reports" > 0 and "reviews"."status" <> 'hidden';--> statement-breakpoint
CREATE INDEX "reviews_hidden_idx" ON "reviews" USING btree ("moderated_at","id") WHERE "reviews"."status" = 'hidden';--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at");
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_status_check" CHECK ("status" IN ('live', 'waiting', 'hidden'));
--> statement-breakpoint
-- A live review counts in its tool's rating; one that goes live, leaves, or changes its rating moves it. Words or a
-- reply changed on a live review change no count, so its tool's pages are told here.
CREATE FUNCTION reviews_keep_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.status = 'live';
  is_live boolean := TG_OP <> 'DELETE' AND NEW.status = 'live';
BEGIN
  IF was_live AND (NOT is_live OR OLD.rating <> NEW.rating) THEN
    UPDATE tools SET review_count = greatest(review_count - 1, 0), rating_sum = greatest(rating_sum - OLD.rating, 0),
      rating_counts[OLD.rating] = greatest(rating_counts[OLD.rating] - 1, 0)
    WHERE id = OLD.tool_id;
  END IF;
  IF is_live AND (NOT was_live OR OLD.rating <> NEW.rating) THEN
    UPDATE tools SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating,
      rating_counts[NEW.rating] = rating_counts[NEW.rating] + 1
    WHERE id = NEW.tool_id;
  END IF;
  IF was_live AND is_live AND OLD.rating = NEW.rating AND (OLD.body, OLD.reply) IS DISTINCT FROM (NEW.body, NEW.reply) THEN
    PERFORM page_cache_notify(ARRAY['tool:' || NEW.tool_id]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_keep_ratings AFTER INSERT OR UPDATE OF status, rating, body, reply OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_ratings();
--> statement-breakpoint
-- Each helpful vote counts once on its review. The count lags on cached pages as views do: it drops no page.
CREATE FUNCTION review_votes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE reviews SET helpful = helpful + 1 WHERE id = NEW.review_id;
  ELSE
    UPDATE reviews SET helpful = greatest(helpful - 1, 0) WHERE id = OLD.review_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER review_votes_count AFTER INSERT OR DELETE ON review_votes FOR EACH ROW EXECUTE FUNCTION review_votes_count();
