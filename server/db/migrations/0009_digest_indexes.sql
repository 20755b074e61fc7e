CREATE INDEX "helps_start_idx" ON "helps" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "mail_jobs_user_kind_idx" ON "mail_jobs" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "village_needs_created_idx" ON "village_needs" USING btree ("created_at");