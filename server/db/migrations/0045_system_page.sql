-- The operator's system page (/admin/system): the backups npm run backup made, and the app processes that run.
CREATE TABLE "app_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"archive" text NOT NULL,
	"database_bytes" bigint NOT NULL,
	"files" integer NOT NULL,
	"finished_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "app_processes_seen_at_idx" ON "app_processes" USING btree ("seen_at");