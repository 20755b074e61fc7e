ALTER TABLE "helps" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helps" ADD COLUMN "thanks_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "helps" ADD COLUMN "thanks_message" text;