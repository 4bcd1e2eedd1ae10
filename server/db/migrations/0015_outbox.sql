CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"payload" jsonb NOT NULL,
	"is_secret" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"due_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp (3) with time zone,
	"delivered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_key_key" ON "outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("due_at","id") WHERE "outbox"."state" = 'due';--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox" USING btree ("id") WHERE "outbox"."state" = 'failed';--> statement-breakpoint
CREATE INDEX "outbox_delivered_idx" ON "outbox" USING btree ("delivered_at") WHERE "outbox"."state" = 'delivered';