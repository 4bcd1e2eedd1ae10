-- The first admin (decision 047): the one-time setup links a start writes to the log while the site has no admin,
-- kept as hashes, and the index that tells whether it has one.
CREATE TABLE "setup_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" USING btree ("id") WHERE "users"."role" = 'admin';