-- A word without its accents, for the vocabulary screen's A–Z order and its search ("café" is "cafe", "ёлка" is
-- "елка"): the canonical decomposition without its combining marks. The stored column and the searched prefix are
-- both folded by it, so they always agree. normalize() and regexp_replace() are immutable in PostgreSQL and PGlite,
-- so a generated column may call it.
CREATE FUNCTION fold_word(word text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(normalize(word, NFD), '[\u0300-\u036f]', '', 'g');--> statement-breakpoint
CREATE TABLE "library_words" (
	"language" text NOT NULL,
	"lowercase" text NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "library_words_language_lowercase_pk" PRIMARY KEY("language","lowercase")
);
--> statement-breakpoint
ALTER TABLE "user_words" ADD COLUMN "folded" text GENERATED ALWAYS AS (fold_word(lowercase)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "user_words_recent" ON "user_words" USING btree ("user_id","language","updated_at" DESC NULLS FIRST,lowercase collate "C" desc);--> statement-breakpoint
CREATE INDEX "user_words_folded" ON "user_words" USING btree ("user_id","language",folded collate "C",lowercase collate "C");--> statement-breakpoint
-- Adds occurrences to the library's counts (negative ones take them away, and a word left with none goes), in key
-- order, so two writers meeting on the same words lock them in one order.
CREATE FUNCTION add_library_words(languages text[], words text[], deltas integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO library_words (language, lowercase, occurrences)
  SELECT d.language, d.lowercase, sum(d.delta)::int FROM unnest(languages, words, deltas) AS d(language, lowercase, delta)
  GROUP BY d.language, d.lowercase HAVING sum(d.delta) <> 0
  ORDER BY d.language, d.lowercase
  ON CONFLICT (language, lowercase) DO UPDATE SET occurrences = library_words.occurrences + excluded.occurrences;
  DELETE FROM library_words l USING unnest(languages, words) AS d(language, lowercase)
  WHERE l.language = d.language AND l.lowercase = d.lowercase AND l.occurrences <= 0;
$$;--> statement-breakpoint
-- A published library text's vocabulary written or taken away (refresh_content_words deletes and inserts it): its
-- occurrences join or leave the library's counts. A private text's or a draft's are not the library's. Deleted along
-- with its text, a vocabulary is already gone from the counts (contents_deleted) and its text no longer found here.
CREATE FUNCTION content_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM add_library_words(array_agg(c.language), array_agg(w.lowercase), array_agg(-w.occurrences))
    FROM removed w JOIN contents c ON c.id = w.content_id WHERE c.owner_id IS NULL AND c.published
    HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM add_library_words(array_agg(c.language), array_agg(w.lowercase), array_agg(w.occurrences))
    FROM added w JOIN contents c ON c.id = w.content_id WHERE c.owner_id IS NULL AND c.published
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER content_words_added AFTER INSERT ON content_words REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION content_words_changed();--> statement-breakpoint
CREATE TRIGGER content_words_removed AFTER DELETE ON content_words REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION content_words_changed();--> statement-breakpoint
CREATE TRIGGER content_words_updated AFTER UPDATE ON content_words REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION content_words_changed();--> statement-breakpoint
-- A text published or unpublished (or moved between the library and a learner, or to another language): its
-- vocabulary leaves the counts it was in and joins the ones it is now in.
CREATE FUNCTION contents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_library_words(array_agg(d.language), array_agg(d.lowercase), array_agg(d.delta))
  FROM (
    SELECT o.language, w.lowercase, -w.occurrences AS delta
    FROM before_rows o JOIN after_rows n ON n.id = o.id JOIN content_words w ON w.content_id = o.id
    WHERE o.owner_id IS NULL AND o.published
      AND NOT (n.owner_id IS NULL AND n.published AND n.language = o.language)
    UNION ALL
    SELECT n.language, w.lowercase, w.occurrences
    FROM before_rows o JOIN after_rows n ON n.id = o.id JOIN content_words w ON w.content_id = n.id
    WHERE n.owner_id IS NULL AND n.published
      AND NOT (o.owner_id IS NULL AND o.published AND o.language = n.language)
  ) d
  HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contents_changed AFTER UPDATE ON contents REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contents_changed();--> statement-breakpoint
-- A published text deleted: its vocabulary leaves the counts before the deletion cascades to it.
CREATE FUNCTION contents_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.owner_id IS NULL AND OLD.published THEN
    PERFORM add_library_words(array_agg(OLD.language), array_agg(w.lowercase), array_agg(-w.occurrences))
    FROM content_words w WHERE w.content_id = OLD.id
    HAVING count(*) > 0;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER contents_deleted BEFORE DELETE ON contents FOR EACH ROW EXECUTE FUNCTION contents_deleted();--> statement-breakpoint
INSERT INTO library_words (language, lowercase, occurrences)
SELECT c.language, w.lowercase, sum(w.occurrences)::int
FROM content_words w JOIN contents c ON c.id = w.content_id
WHERE c.owner_id IS NULL AND c.published
GROUP BY c.language, w.lowercase;
