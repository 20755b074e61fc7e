CREATE TABLE "new_slots_villages" (
	"village_id" uuid PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"revision" integer NOT NULL,
	"base" jsonb NOT NULL,
	"needs" jsonb NOT NULL,
	"whole" jsonb,
	"authors" jsonb NOT NULL,
	"oldest" timestamp with time zone,
	"newest" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "new_slots_villages" ADD CONSTRAINT "new_slots_villages_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;