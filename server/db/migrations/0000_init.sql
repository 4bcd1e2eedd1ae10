CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"long_description" text,
	"color" text DEFAULT '#E5E7EB' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" text NOT NULL,
	"tool_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "searches" (
	"text" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"short_desc" text DEFAULT '' NOT NULL,
	"long_desc" text DEFAULT '' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"website" text NOT NULL,
	"creator_username" text,
	"is_linked_to_creator" boolean DEFAULT false NOT NULL,
	"has_been_claimed" boolean DEFAULT false NOT NULL,
	"was_claimed_accepted" boolean DEFAULT false NOT NULL,
	"logo" text,
	"large_image" text,
	"payment_type" text DEFAULT 'free' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_featured_home" boolean DEFAULT false NOT NULL,
	"is_featured_category" boolean DEFAULT false NOT NULL,
	"is_featured_nl" boolean DEFAULT false NOT NULL,
	"pros" text[],
	"cons" text[],
	"faq" jsonb,
	"is_home_boosted" boolean DEFAULT false NOT NULL,
	"has_skipped_line" boolean DEFAULT false NOT NULL,
	"date_skipped_line" timestamp (3) with time zone,
	"verified_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"auth_id" text,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"slug" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"boosts" integer DEFAULT 0 NOT NULL,
	"role" text DEFAULT 'guest' NOT NULL,
	"has_subscribed_to_newsletter" boolean DEFAULT false NOT NULL,
	"is_solo" boolean DEFAULT false NOT NULL,
	"payments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_profiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auth_method" text DEFAULT 'email' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_label_idx" ON "categories" USING btree ("label");--> statement-breakpoint
CREATE INDEX "favorites_tool_id_idx" ON "favorites" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "favorites_user_created_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "searches_count_idx" ON "searches" USING btree ("count" DESC NULLS LAST,"text");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_slug_key" ON "tools" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "tools_public_latest_idx" ON "tools" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tools"."is_active" and "tools"."is_verified";--> statement-breakpoint
CREATE INDEX "tools_home_boosted_idx" ON "tools" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tools"."is_home_boosted" and "tools"."is_active" and "tools"."is_verified";--> statement-breakpoint
CREATE INDEX "tools_unverified_idx" ON "tools" USING btree ("created_at","id") WHERE not "tools"."is_verified";--> statement-breakpoint
CREATE INDEX "tools_categories_idx" ON "tools" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "tools_tags_idx" ON "tools" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "tools_keywords_idx" ON "tools" USING gin ("keywords");--> statement-breakpoint
CREATE INDEX "tools_creator_username_idx" ON "tools" USING btree ("creator_username");--> statement-breakpoint
CREATE INDEX "tools_verified_at_idx" ON "tools" USING btree ("verified_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_auth_id_key" ON "users" USING btree ("auth_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_slug_key" ON "users" USING btree ("slug");