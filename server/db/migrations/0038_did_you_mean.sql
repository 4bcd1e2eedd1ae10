-- "Did you mean": the tags and the searches that found tools, by the trigrams of their text (decision 041).
CREATE INDEX "searches_text_trgm_idx" ON "searches" USING gin ("text" gin_trgm_ops) WHERE "searches"."result_count" > 0 and not "searches"."is_hidden";--> statement-breakpoint
CREATE INDEX "tag_counts_tag_trgm_idx" ON "tag_counts" USING gin ("tag" gin_trgm_ops);