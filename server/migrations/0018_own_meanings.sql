-- A learner's own meaning and note for a saved word (issue #28): null until written, shown instead of the
-- dictionary's meaning for that learner alone.
ALTER TABLE "user_words" ADD COLUMN "meaning" text;--> statement-breakpoint
ALTER TABLE "user_words" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "user_words" ADD CONSTRAINT "user_words_meaning_length" CHECK (char_length("user_words"."meaning") between 1 and 200);--> statement-breakpoint
ALTER TABLE "user_words" ADD CONSTRAINT "user_words_note_length" CHECK (char_length("user_words"."note") between 1 and 500);