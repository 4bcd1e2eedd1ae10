-- The search that helps (decision 041): "Did you mean" reads the tags and the listed searches by their trigrams, and
-- the search box's suggestions read the tags that start with what is typed, in byte order.
CREATE INDEX "searches_text_trgm_idx" ON "searches" USING gin ("text" gin_trgm_ops) WHERE "searches"."result_count" > 0 and not "searches"."is_hidden";--> statement-breakpoint
CREATE INDEX "tag_counts_tag_trgm_idx" ON "tag_counts" USING gin ("tag" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tag_counts_tag_c_idx" ON "tag_counts" USING btree ("tag" collate "C");