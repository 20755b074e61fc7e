CREATE TABLE "mail_producer_marks" (
	"producer" text PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"mark" text NOT NULL,
	"wake_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notification_settings_updated_idx" ON "notification_settings" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "users_email_verified_idx" ON "users" USING btree ("email_verified_at");