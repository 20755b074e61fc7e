ALTER TABLE "villagers" ADD COLUMN "nudged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "gap_horizon_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "villages" ADD COLUMN "gaps_pushed_on" date;