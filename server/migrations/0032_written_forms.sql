ALTER TABLE "content_words" ADD COLUMN "written" text;--> statement-breakpoint
-- A paragraph's words with their form as written and whether each opens a sentence: the paragraph's first word, or the
-- first after a token that ends a sentence (`word_pairs`' rule, migration 0026; `writtenFormsOf` in
-- src/contract/coverage.ts).
CREATE FUNCTION section_words(tokens jsonb) RETURNS TABLE (lowercase text, display text, opens_sentence boolean)
LANGUAGE sql IMMUTABLE AS $$
  SELECT lowercase, display, row_number() OVER (PARTITION BY sentence ORDER BY at) = 1
  FROM (
    SELECT token.at, token.value->>'lowercase' AS lowercase, token.value->>'display' AS display,
      (token.value->>'isWord')::boolean AS is_word,
      count(*) FILTER (WHERE NOT (token.value->>'isWord')::boolean AND token.value->>'display' ~ '[.!?。！？…]')
        OVER (ORDER BY token.at) AS sentence
    FROM jsonb_array_elements(tokens) WITH ORDINALITY token(value, at)
  ) tokens
  WHERE is_word;
$$;--> statement-breakpoint
-- A content's vocabulary (as in 0026), each word with its form as the text writes it where that is its own: the most
-- frequent form of the occurrences that do not open a sentence, the first in code-point order on a tie; null when it
-- is the lowercase form or the word only opens sentences.
CREATE OR REPLACE FUNCTION refresh_content_words(content_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM content_words WHERE content_id = ANY(content_ids);
  INSERT INTO content_words (content_id, lowercase, occurrences, written)
  SELECT p.content_id, w.lowercase, count(*)::int,
    nullif(mode() WITHIN GROUP (ORDER BY w.display COLLATE "C") FILTER (WHERE NOT w.opens_sentence), w.lowercase)
  FROM pages p, jsonb_array_elements(p.sections) section, section_words(section->'tokens') w
  WHERE p.content_id = ANY(content_ids)
  GROUP BY p.content_id, w.lowercase;
  DELETE FROM content_word_pairs WHERE content_id = ANY(content_ids);
  INSERT INTO content_word_pairs (content_id, pair, occurrences)
  SELECT p.content_id, pair, count(*)::int
  FROM pages p, jsonb_array_elements(p.sections) section, word_pairs(section->'tokens') pair
  WHERE p.content_id = ANY(content_ids)
  GROUP BY p.content_id, pair;
$$;--> statement-breakpoint
SELECT refresh_content_words(array(SELECT id FROM contents));
