ALTER TABLE "flashcards" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "flashcards" c SET "suspended" = true FROM "user_words" w
WHERE w.user_id = c.user_id AND w.language = c.language AND w.lowercase = c.lowercase AND w.level IN (0, 4);--> statement-breakpoint
-- A word moved between the levels reviewed (1–3) and the others (0, 4) suspends or resumes its card, in the statement
-- that moved it. Saves within 1–3, the most common, run no function: the WHEN clause is read first.
CREATE FUNCTION flashcard_suspension() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE flashcards SET suspended = NEW.level IN (0, 4)
  WHERE user_id = NEW.user_id AND language = NEW.language AND lowercase = NEW.lowercase;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_words_suspend_cards AFTER UPDATE OF level ON user_words FOR EACH ROW
  WHEN ((OLD.level IN (0, 4)) IS DISTINCT FROM (NEW.level IN (0, 4)))
  EXECUTE FUNCTION flashcard_suspension();
