DROP INDEX "helps_need_idx";--> statement-breakpoint
ALTER TABLE "village_needs" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "village_needs" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "village_needs" ADD COLUMN "access" text;--> statement-breakpoint
ALTER TABLE "village_needs" ADD COLUMN "people" integer;--> statement-breakpoint
ALTER TABLE "village_needs" ADD COLUMN "diet" text;--> statement-breakpoint
ALTER TABLE "villagers" ADD COLUMN "is_manager" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "time_zone" text DEFAULT 'Europe/Paris' NOT NULL;--> statement-breakpoint
CREATE INDEX "helps_need_idx" ON "helps" USING btree ("village_need_id","start_date");