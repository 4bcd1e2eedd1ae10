CREATE TABLE "spent_proofs" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
