CREATE TABLE "news_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"news_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_hearts" (
	"news_id" uuid NOT NULL,
	"villager_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_hearts_news_id_villager_id_pk" PRIMARY KEY("news_id","villager_id")
);
--> statement-breakpoint
CREATE TABLE "news_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"news_id" uuid NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"village_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_news_id_news_posts_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_author_id_villagers_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."villagers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_hearts" ADD CONSTRAINT "news_hearts_news_id_news_posts_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_hearts" ADD CONSTRAINT "news_hearts_villager_id_villagers_id_fk" FOREIGN KEY ("villager_id") REFERENCES "public"."villagers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_photos" ADD CONSTRAINT "news_photos_news_id_news_posts_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_author_id_villagers_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."villagers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_comments_news_created_idx" ON "news_comments" USING btree ("news_id","created_at","id");--> statement-breakpoint
CREATE INDEX "news_photos_news_idx" ON "news_photos" USING btree ("news_id","created_at");--> statement-breakpoint
CREATE INDEX "news_posts_village_created_idx" ON "news_posts" USING btree ("village_id","created_at","id");--> statement-breakpoint
CREATE INDEX "news_posts_unmailed_idx" ON "news_posts" USING btree ("created_at") WHERE mailed_at is null;