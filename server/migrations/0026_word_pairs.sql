CREATE TABLE "content_word_pairs" (
	"content_id" integer NOT NULL,
	"pair" text NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "content_word_pairs_content_id_pair_pk" PRIMARY KEY("content_id","pair")
);
--> statement-breakpoint
CREATE TABLE "transcript_word_pairs" (
	"transcript_id" integer NOT NULL,
	"pair" text NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "transcript_word_pairs_transcript_id_pair_pk" PRIMARY KEY("transcript_id","pair")
);
--> statement-breakpoint
ALTER TABLE "content_word_pairs" ADD CONSTRAINT "content_word_pairs_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_word_pairs" ADD CONSTRAINT "transcript_word_pairs_transcript_id_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A paragraph's (or a transcript line's) pairs of words in a row: each word and the next word, unless a token between
-- them ends a sentence (the phrase rule of src/contract/phrases.ts, and of `pairsOf` in src/contract/coverage.ts). The
-- sentence a token is in is the number of sentence ends before it.
CREATE FUNCTION word_pairs(tokens jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT pair FROM (
    SELECT lowercase || ' ' || lead(lowercase) OVER (PARTITION BY sentence ORDER BY at) AS pair
    FROM (
      SELECT token.at, token.value->>'lowercase' AS lowercase, (token.value->>'isWord')::boolean AS is_word,
        count(*) FILTER (WHERE NOT (token.value->>'isWord')::boolean AND token.value->>'display' ~ '[.!?。！？…]')
          OVER (ORDER BY token.at) AS sentence
      FROM jsonb_array_elements(tokens) WITH ORDINALITY token(value, at)
    ) tokens
    WHERE is_word
  ) pairs
  WHERE pair IS NOT NULL;
$$;--> statement-breakpoint
-- A content's vocabulary (as in 0016) and its pairs of words, from its stored pages, written afresh.
CREATE OR REPLACE FUNCTION refresh_content_words(content_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM content_words WHERE content_id = ANY(content_ids);
  INSERT INTO content_words (content_id, lowercase, occurrences)
  SELECT p.content_id, token->>'lowercase', count(*)::int
  FROM pages p, jsonb_array_elements(p.sections) section, jsonb_array_elements(section->'tokens') token
  WHERE p.content_id = ANY(content_ids) AND (token->>'isWord')::boolean
  GROUP BY p.content_id, token->>'lowercase';
  DELETE FROM content_word_pairs WHERE content_id = ANY(content_ids);
  INSERT INTO content_word_pairs (content_id, pair, occurrences)
  SELECT p.content_id, pair, count(*)::int
  FROM pages p, jsonb_array_elements(p.sections) section, word_pairs(section->'tokens') pair
  WHERE p.content_id = ANY(content_ids)
  GROUP BY p.content_id, pair;
$$;--> statement-breakpoint
-- A transcript's vocabulary and its pairs of words, as a content's: a line is a paragraph.
CREATE OR REPLACE FUNCTION refresh_transcript_words(transcript_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM transcript_words WHERE transcript_id = ANY(transcript_ids);
  INSERT INTO transcript_words (transcript_id, lowercase, occurrences)
  SELECT s.transcript_id, token->>'lowercase', count(*)::int
  FROM transcript_sections s, jsonb_array_elements(s.tokens) token
  WHERE s.transcript_id = ANY(transcript_ids) AND (token->>'isWord')::boolean
  GROUP BY s.transcript_id, token->>'lowercase';
  DELETE FROM transcript_word_pairs WHERE transcript_id = ANY(transcript_ids);
  INSERT INTO transcript_word_pairs (transcript_id, pair, occurrences)
  SELECT s.transcript_id, pair, count(*)::int
  FROM transcript_sections s, word_pairs(s.tokens) pair
  WHERE s.transcript_id = ANY(transcript_ids)
  GROUP BY s.transcript_id, pair;
$$;--> statement-breakpoint
SELECT refresh_content_words(array(SELECT id FROM contents));--> statement-breakpoint
SELECT refresh_transcript_words(array(SELECT id FROM transcripts));
