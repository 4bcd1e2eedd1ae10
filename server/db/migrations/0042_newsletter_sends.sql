-- The newsletter sent from the console to every subscriber (decision 044), through the outbox a batch at a time; the
-- send keeps how far it went, and the outbox's key (the send and the person) keeps each person's mail once.
CREATE TABLE "newsletter_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"state" text NOT NULL,
	"last_user_id" text,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_sends_created_idx" ON "newsletter_sends" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "newsletter_sends_sending_idx" ON "newsletter_sends" USING btree ("created_at") WHERE "newsletter_sends"."state" = 'sending';