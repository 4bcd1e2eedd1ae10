CREATE TABLE "sponsor_visitors" (
	"sponsorship_id" text NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "sponsor_visitors_sponsorship_id_metric_day_visitor_pk" PRIMARY KEY("sponsorship_id","metric","day","visitor")
);
--> statement-breakpoint
CREATE INDEX "sponsor_visitors_day_idx" ON "sponsor_visitors" USING btree ("day");