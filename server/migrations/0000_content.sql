CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_category_id" integer NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"page_type" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "contents_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"sections" jsonb NOT NULL,
	"word_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_sub_category_id_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."sub_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_categories" ADD CONSTRAINT "sub_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_language_slug" ON "categories" USING btree ("language","slug");--> statement-breakpoint
CREATE INDEX "contents_sub_category" ON "contents" USING btree ("sub_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_content_number" ON "pages" USING btree ("content_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_categories_category_slug" ON "sub_categories" USING btree ("category_id","slug");