ALTER TABLE "villages" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "closed_message" text;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "closed_by" uuid;