-- Flashcards (issue #29, decision 0030): a card per saved word the learner asks for (deleted with the word), its
-- review log (append-only: an undo marks its review undone), the sentence and source a word was first saved with,
-- and the daily cap on new cards. Suspension is not stored: a card is suspended while its word is at level 0 or 4.
CREATE TABLE "flashcard_reviews" (
	"user_id" integer NOT NULL,
	"review_id" uuid NOT NULL,
	"card_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"card_before" jsonb NOT NULL,
	"card_after" jsonb NOT NULL,
	"level_before" smallint NOT NULL,
	"level_after" smallint NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "flashcard_reviews_user_id_review_id_pk" PRIMARY KEY("user_id","review_id"),
	CONSTRAINT "flashcard_reviews_rating" CHECK ("flashcard_reviews"."rating" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "flashcards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"lowercase" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" smallint NOT NULL,
	"last_review" timestamp with time zone,
	"sentence" text,
	"source_content_id" integer,
	"source_page_id" integer,
	"source_video_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"level_raised_on" date,
	CONSTRAINT "flashcards_user_word" UNIQUE("user_id","language","lowercase"),
	CONSTRAINT "flashcards_state" CHECK ("flashcards"."state" between 0 and 3),
	CONSTRAINT "flashcards_sentence_length" CHECK (char_length("flashcards"."sentence") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "flashcard_new_per_day" smallint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_words" ADD COLUMN "sentence" text;--> statement-breakpoint
ALTER TABLE "user_words" ADD COLUMN "source_content_id" integer;--> statement-breakpoint
ALTER TABLE "user_words" ADD COLUMN "source_page_id" integer;--> statement-breakpoint
ALTER TABLE "user_words" ADD COLUMN "source_video_id" text;--> statement-breakpoint
ALTER TABLE "flashcard_reviews" ADD CONSTRAINT "flashcard_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_reviews" ADD CONSTRAINT "flashcard_reviews_card_id_flashcards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcards" ADD CONSTRAINT "flashcards_user_word_fk" FOREIGN KEY ("user_id","language","lowercase") REFERENCES "public"."user_words"("user_id","language","lowercase") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flashcard_reviews_card" ON "flashcard_reviews" USING btree ("card_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "flashcard_reviews_user_time" ON "flashcard_reviews" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "flashcards_queue" ON "flashcards" USING btree ("user_id","language","due") WHERE state <> 0;--> statement-breakpoint
CREATE INDEX "flashcards_new" ON "flashcards" USING btree ("user_id","language","id") WHERE state = 0;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_flashcard_new_per_day" CHECK ("users"."flashcard_new_per_day" between 1 and 200);--> statement-breakpoint
ALTER TABLE "user_words" ADD CONSTRAINT "user_words_sentence_length" CHECK (char_length("user_words"."sentence") between 1 and 500);