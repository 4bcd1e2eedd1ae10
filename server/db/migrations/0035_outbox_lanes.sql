-- Each webhook host is a lane of the outbox with its own few sends at once (decision 015), so a receiver that never
-- answers holds back only its own rows. The due webhook rows already written get their endpoint's host.
ALTER TABLE "outbox" ADD COLUMN "lane" text;
--> statement-breakpoint
UPDATE "outbox" SET "lane" = substring("webhook_endpoints"."url" from '^[A-Za-z]+://([^/?#]+)')
FROM "webhook_deliveries" JOIN "webhook_endpoints" ON "webhook_endpoints"."id" = "webhook_deliveries"."endpoint_id"
WHERE "webhook_deliveries"."outbox_id" = "outbox"."id" AND "outbox"."state" = 'due';
