-- /searches and the sitemap list a search only when it found tools and enough visitors made it, and never one an admin
-- hid: each search counts its visitors (one a day each, as the analytics count them). The searches made before count
-- the visitors the raw events still show (the analytics' retention).
CREATE TABLE "search_visitors" (
	"text" text NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "search_visitors_text_day_visitor_pk" PRIMARY KEY("text","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "search_visitors_day_idx" ON "search_visitors" USING btree ("day");--> statement-breakpoint
CREATE INDEX "searches_listed_idx" ON "searches" USING btree ("visitors" DESC NULLS LAST,"text") WHERE "searches"."result_count" > 0 and not "searches"."is_hidden";--> statement-breakpoint
UPDATE "searches" SET "visitors" = "made"."visitors"
FROM (
  SELECT substring("path" from 9) AS "text", count(DISTINCT ("created_at"::date, "visitor"))::int AS "visitors"
  FROM "events" WHERE "name" = 'pageview' AND "path" LIKE '/search/%'
  GROUP BY 1
) AS "made"
WHERE "searches"."text" = "made"."text";