CREATE TABLE "flashcard_counts" (
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"suspended" integer DEFAULT 0 NOT NULL,
	"fresh" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flashcard_counts_user_id_language_pk" PRIMARY KEY("user_id","language")
);
--> statement-breakpoint
ALTER TABLE "flashcard_counts" ADD CONSTRAINT "flashcard_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "flashcard_counts" (user_id, language, total, suspended, fresh)
SELECT user_id, language, count(*)::int, (count(*) FILTER (WHERE suspended))::int,
  (count(*) FILTER (WHERE state = 0 AND NOT suspended))::int
FROM "flashcards" GROUP BY user_id, language;--> statement-breakpoint
-- A card made, deleted (with its word), or moved in or out of new or suspended changes its learner's counts in the
-- statement that changed it. A review that leaves a card neither new nor suspended runs no function.
CREATE FUNCTION flashcard_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE flashcard_counts SET total = total - 1, suspended = suspended - OLD.suspended::int,
      fresh = fresh - (OLD.state = 0 AND NOT OLD.suspended)::int
    WHERE user_id = OLD.user_id AND language = OLD.language;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO flashcard_counts AS k (user_id, language, total, suspended, fresh)
    VALUES (NEW.user_id, NEW.language, 1, NEW.suspended::int, (NEW.state = 0 AND NOT NEW.suspended)::int)
    ON CONFLICT (user_id, language) DO UPDATE
      SET total = k.total + 1, suspended = k.suspended + excluded.suspended, fresh = k.fresh + excluded.fresh;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER flashcards_counted AFTER INSERT OR DELETE ON flashcards FOR EACH ROW
  EXECUTE FUNCTION flashcard_counted();--> statement-breakpoint
CREATE TRIGGER flashcards_recounted AFTER UPDATE OF state, suspended ON flashcards FOR EACH ROW
  WHEN ((OLD.state = 0) IS DISTINCT FROM (NEW.state = 0) OR OLD.suspended IS DISTINCT FROM NEW.suspended)
  EXECUTE FUNCTION flashcard_counted();
