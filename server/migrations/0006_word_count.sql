ALTER TABLE "users" ADD COLUMN "word_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" SET "word_count" = (SELECT count(*) FROM "user_words" WHERE "user_words"."user_id" = "users"."id");
