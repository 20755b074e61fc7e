CREATE TABLE "actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"village_id" uuid NOT NULL,
	"villager_id" uuid,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_needs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"picture" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"village_id" uuid NOT NULL,
	"village_need_id" uuid NOT NULL,
	"helper_id" uuid NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "need_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"photo_key" text,
	"analytics_consent" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "village_needs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"village_id" uuid NOT NULL,
	"need_id" uuid,
	"category_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "villagers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"village_id" uuid NOT NULL,
	"user_id" uuid,
	"is_needy" boolean DEFAULT false NOT NULL,
	"is_creator" boolean DEFAULT false NOT NULL,
	"is_out" boolean DEFAULT false NOT NULL,
	"is_ban" boolean DEFAULT false NOT NULL,
	"last_check_notif_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "villages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"creation_mode" smallint NOT NULL,
	"name" text,
	"reason" text,
	"infos" text,
	"home_infos" text,
	"phone" text,
	"start_date" date,
	"end_date" date,
	"first_name" text,
	"last_name" text,
	"relationship" text,
	"share_code" text NOT NULL,
	"photo_key" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_villager_id_villagers_id_fk" FOREIGN KEY ("villager_id") REFERENCES "public"."villagers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_needs" ADD CONSTRAINT "catalogue_needs_category_id_need_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."need_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helps" ADD CONSTRAINT "helps_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helps" ADD CONSTRAINT "helps_village_need_id_village_needs_id_fk" FOREIGN KEY ("village_need_id") REFERENCES "public"."village_needs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helps" ADD CONSTRAINT "helps_helper_id_villagers_id_fk" FOREIGN KEY ("helper_id") REFERENCES "public"."villagers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_tokens" ADD CONSTRAINT "reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "village_needs" ADD CONSTRAINT "village_needs_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "village_needs" ADD CONSTRAINT "village_needs_need_id_catalogue_needs_id_fk" FOREIGN KEY ("need_id") REFERENCES "public"."catalogue_needs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "village_needs" ADD CONSTRAINT "village_needs_category_id_need_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."need_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villagers" ADD CONSTRAINT "villagers_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villagers" ADD CONSTRAINT "villagers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actions_village_created_idx" ON "actions" USING btree ("village_id","created_at");--> statement-breakpoint
CREATE INDEX "helps_village_idx" ON "helps" USING btree ("village_id","start_date");--> statement-breakpoint
CREATE INDEX "helps_need_idx" ON "helps" USING btree ("village_need_id");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "village_needs_village_idx" ON "village_needs" USING btree ("village_id");--> statement-breakpoint
CREATE UNIQUE INDEX "villagers_village_user_unique" ON "villagers" USING btree ("village_id","user_id");--> statement-breakpoint
CREATE INDEX "villagers_user_idx" ON "villagers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "villages_share_code_unique" ON "villages" USING btree ("share_code");