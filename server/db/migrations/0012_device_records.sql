CREATE TABLE "device_records" (
	"device_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"last_contact_at" timestamp with time zone NOT NULL,
	"pending_count" integer NOT NULL,
	"oldest_pending_at" timestamp with time zone,
	"pending" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signed_out" boolean DEFAULT false NOT NULL,
	"lost" jsonb,
	CONSTRAINT "device_records_device_hash_user_id_pk" PRIMARY KEY("device_hash","user_id")
);
--> statement-breakpoint
ALTER TABLE "device_records" ADD CONSTRAINT "device_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_records_user_store_idx" ON "device_records" USING btree ("user_id","store_id");--> statement-breakpoint
CREATE INDEX "device_records_last_contact_idx" ON "device_records" USING btree ("last_contact_at");