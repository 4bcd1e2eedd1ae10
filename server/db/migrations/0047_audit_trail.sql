-- The audit trail (decision 049): the console's and the API's changes by verifiers and admins, kept as they were,
-- and each tool's revisions.
CREATE TABLE "audit_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"kind" text NOT NULL,
	"tool_id" text,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "tool_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tool_id" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool_revisions" ADD CONSTRAINT "tool_revisions_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_records_actor_idx" ON "audit_records" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_records_kind_idx" ON "audit_records" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "audit_records_tool_idx" ON "audit_records" USING btree ("tool_id","id");--> statement-breakpoint
CREATE INDEX "tool_revisions_tool_idx" ON "tool_revisions" USING btree ("tool_id","id");--> statement-breakpoint
CREATE FUNCTION audit_records_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit records are kept as they were written';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_records_kept BEFORE UPDATE OR DELETE ON "audit_records" FOR EACH ROW EXECUTE FUNCTION audit_records_kept();
