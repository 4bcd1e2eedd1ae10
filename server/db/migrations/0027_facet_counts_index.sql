-- The facet counts of the tool lists (decision 034) read every live tool's pricing, featured flag, verification time,
-- categories and tags: this index holds just those, so the counts are an index-only scan instead of reading the wide rows.
CREATE INDEX "tools_public_facets_idx" ON "tools" USING btree ("payment_type", "is_home_boosted", "verified_at") INCLUDE ("categories", "tags") WHERE "is_active" AND "is_verified";
