CREATE TABLE "flashcard_counts" (
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"suspended" integer DEFAULT 0 NOT NULL,
	"fresh" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flashcard_counts_user_id_language_pk" PRIMARY KEY("user_id","language")
);
--> statement-breakpoint
ALTER TABLE "user_words" ADD COLUMN "has_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcard_counts" ADD CONSTRAINT "flashcard_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_words_card_candidates" ON "user_words" USING btree ("user_id","language") WHERE level between 1 and 3 and not has_card;--> statement-breakpoint
UPDATE "user_words" w SET "has_card" = true FROM "flashcards" c
WHERE w.user_id = c.user_id AND w.language = c.language AND w.lowercase = c.lowercase;--> statement-breakpoint
INSERT INTO "flashcard_counts" (user_id, language, total, suspended, fresh)
SELECT user_id, language, count(*)::int, (count(*) FILTER (WHERE suspended))::int,
  (count(*) FILTER (WHERE state = 0 AND NOT suspended))::int
FROM "flashcards" GROUP BY user_id, language;--> statement-breakpoint
-- Cards made or deleted (with their words) change their learners' counts once per statement ("Add 20 Cards" and an
-- import are one statement), and cards made mark their words as having one; a card moved in or out of new or
-- suspended changes the counts in the statement that moved it. A review that leaves a card in review runs no function.
CREATE FUNCTION flashcards_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE user_words w SET has_card = true FROM made m
    WHERE w.user_id = m.user_id AND w.language = m.language AND w.lowercase = m.lowercase AND NOT w.has_card;
    INSERT INTO flashcard_counts AS k (user_id, language, total, suspended, fresh)
    SELECT user_id, language, count(*)::int, (count(*) FILTER (WHERE suspended))::int,
      (count(*) FILTER (WHERE state = 0 AND NOT suspended))::int
    FROM made GROUP BY user_id, language
    ON CONFLICT (user_id, language) DO UPDATE SET total = k.total + excluded.total,
      suspended = k.suspended + excluded.suspended, fresh = k.fresh + excluded.fresh;
  ELSE
    UPDATE flashcard_counts k SET total = k.total - g.total, suspended = k.suspended - g.suspended,
      fresh = k.fresh - g.fresh
    FROM (
      SELECT user_id, language, count(*)::int AS total, (count(*) FILTER (WHERE suspended))::int AS suspended,
        (count(*) FILTER (WHERE state = 0 AND NOT suspended))::int AS fresh
      FROM gone GROUP BY user_id, language
    ) g
    WHERE k.user_id = g.user_id AND k.language = g.language;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER flashcards_made AFTER INSERT ON flashcards REFERENCING NEW TABLE AS made
  FOR EACH STATEMENT EXECUTE FUNCTION flashcards_counted();--> statement-breakpoint
CREATE TRIGGER flashcards_gone AFTER DELETE ON flashcards REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION flashcards_counted();--> statement-breakpoint
CREATE FUNCTION flashcard_recounted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE flashcard_counts
  SET suspended = suspended + NEW.suspended::int - OLD.suspended::int,
    fresh = fresh + (NEW.state = 0 AND NOT NEW.suspended)::int - (OLD.state = 0 AND NOT OLD.suspended)::int
  WHERE user_id = NEW.user_id AND language = NEW.language;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER flashcards_recounted AFTER UPDATE OF state, suspended ON flashcards FOR EACH ROW
  WHEN ((OLD.state = 0) IS DISTINCT FROM (NEW.state = 0) OR OLD.suspended IS DISTINCT FROM NEW.suspended)
  EXECUTE FUNCTION flashcard_recounted();
