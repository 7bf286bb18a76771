-- A deleted parent clears only its children's parent column (PostgreSQL 15's column list; drizzle-kit writes none).
ALTER TABLE "user_words" ADD COLUMN "parent" text;--> statement-breakpoint
ALTER TABLE "user_words" ADD CONSTRAINT "user_words_parent_fk" FOREIGN KEY ("user_id","language","parent") REFERENCES "public"."user_words"("user_id","language","lowercase") ON DELETE SET NULL ("parent") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_words_children" ON "user_words" USING btree ("user_id","language","parent") WHERE parent is not null;--> statement-breakpoint
ALTER TABLE "user_words" ADD CONSTRAINT "user_words_parent_not_self" CHECK ("user_words"."parent" <> "user_words"."lowercase");