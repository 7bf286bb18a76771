CREATE TABLE "word_rewards" (
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"lowercase" text NOT NULL,
	"level" smallint NOT NULL,
	CONSTRAINT "word_rewards_user_id_language_lowercase_level_pk" PRIMARY KEY("user_id","language","lowercase","level")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coins_day" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coins_today" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "word_rewards" ADD CONSTRAINT "word_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Levels reached before coins existed count as rewarded: coins are earned from now on, not paid for the past.
INSERT INTO "word_rewards" ("user_id", "language", "lowercase", "level")
SELECT "user_id", "language", "lowercase", "level_reached" FROM "user_words", generate_series(1, "level") AS "level_reached"
ON CONFLICT DO NOTHING;
