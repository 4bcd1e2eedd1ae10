DROP INDEX "favorites_user_created_idx";--> statement-breakpoint
DROP INDEX "tools_creator_username_idx";--> statement-breakpoint
CREATE INDEX "users_payments_idx" ON "users" USING gin ("payments" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS LAST,"tool_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tools_creator_username_idx" ON "tools" USING btree ("creator_username","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);