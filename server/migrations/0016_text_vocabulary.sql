CREATE TABLE "content_words" (
	"content_id" integer NOT NULL,
	"lowercase" text NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "content_words_content_id_lowercase_pk" PRIMARY KEY("content_id","lowercase")
);
--> statement-breakpoint
CREATE TABLE "transcript_words" (
	"transcript_id" integer NOT NULL,
	"lowercase" text NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "transcript_words_transcript_id_lowercase_pk" PRIMARY KEY("transcript_id","lowercase")
);
--> statement-breakpoint
ALTER TABLE "content_words" ADD CONSTRAINT "content_words_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_words" ADD CONSTRAINT "transcript_words_transcript_id_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A content's vocabulary from its stored pages, written afresh: the one definition every path that stores pages
-- calls (seeding, imports, uploads), and the backfill below.
CREATE FUNCTION refresh_content_words(content_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM content_words WHERE content_id = ANY(content_ids);
  INSERT INTO content_words (content_id, lowercase, occurrences)
  SELECT p.content_id, token->>'lowercase', count(*)::int
  FROM pages p, jsonb_array_elements(p.sections) section, jsonb_array_elements(section->'tokens') token
  WHERE p.content_id = ANY(content_ids) AND (token->>'isWord')::boolean
  GROUP BY p.content_id, token->>'lowercase';
$$;--> statement-breakpoint
-- A transcript's vocabulary from its stored sections, written afresh, as a content's is.
CREATE FUNCTION refresh_transcript_words(transcript_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM transcript_words WHERE transcript_id = ANY(transcript_ids);
  INSERT INTO transcript_words (transcript_id, lowercase, occurrences)
  SELECT s.transcript_id, token->>'lowercase', count(*)::int
  FROM transcript_sections s, jsonb_array_elements(s.tokens) token
  WHERE s.transcript_id = ANY(transcript_ids) AND (token->>'isWord')::boolean
  GROUP BY s.transcript_id, token->>'lowercase';
$$;--> statement-breakpoint
SELECT refresh_content_words(array(SELECT id FROM contents));--> statement-breakpoint
SELECT refresh_transcript_words(array(SELECT id FROM transcripts));
