CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"village_id" uuid NOT NULL,
	"villager_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_villager_id_villagers_id_fk" FOREIGN KEY ("villager_id") REFERENCES "public"."villagers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_village_created_idx" ON "messages" USING btree ("village_id","created_at","id");