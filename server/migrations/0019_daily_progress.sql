-- A learner's daily counters per language and learning day, raised by the saves in their own statements (decision
-- 0027). Nothing is backfilled: no stored date tells when a word was first saved or made known, and user_pages.read_at
-- is the last reading, not the first.
CREATE TABLE "daily_progress" (
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"day" date NOT NULL,
	"words_saved" integer DEFAULT 0 NOT NULL,
	"words_known" integer DEFAULT 0 NOT NULL,
	"pages_read" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_progress_user_id_language_day_pk" PRIMARY KEY("user_id","language","day")
);
--> statement-breakpoint
ALTER TABLE "daily_progress" ADD CONSTRAINT "daily_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;