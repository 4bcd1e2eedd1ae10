-- Statistics of the time the "recently verified" order reads (coalesce(verified_at, created_at), decision 036). The
-- planner takes no statistics from a partial index's expression, so it guessed that "verified in the last 7 days"
-- leaves a third of the catalogue, and read every tool instead of the window's few thousand through
-- tools_public_verified_idx (500 ms instead of 25 at a million tools).
CREATE STATISTICS IF NOT EXISTS tools_listed_at_stats ON (coalesce(verified_at, created_at)) FROM tools;
--> statement-breakpoint
ANALYZE tools;
