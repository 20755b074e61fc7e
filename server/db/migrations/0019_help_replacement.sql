ALTER TABLE "helps" ADD COLUMN "replacement_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "helps" ADD COLUMN "taken_over_from" uuid;--> statement-breakpoint
CREATE INDEX "helps_taken_over_from_idx" ON "helps" USING btree ("taken_over_from");