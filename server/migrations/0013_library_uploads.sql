ALTER TABLE "contents" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "text_imports" ADD COLUMN "sub_category_id" integer;--> statement-breakpoint
ALTER TABLE "text_imports" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "text_imports" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "text_imports" ADD CONSTRAINT "text_imports_sub_category_id_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."sub_categories"("id") ON DELETE cascade ON UPDATE no action;