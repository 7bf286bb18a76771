CREATE TABLE "dictionary_entries" (
	"source_language" text NOT NULL,
	"target_language" text NOT NULL,
	"headword" text NOT NULL,
	"gloss" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "dictionary_entries_source_language_target_language_headword_pk" PRIMARY KEY("source_language","target_language","headword")
);
--> statement-breakpoint
CREATE TABLE "glosses" (
	"content_id" integer NOT NULL,
	"page_number" integer NOT NULL,
	"token_id" integer NOT NULL,
	"lowercase" text NOT NULL,
	"language" text NOT NULL,
	"home_language" text NOT NULL,
	"translates_to" text NOT NULL,
	CONSTRAINT "glosses_content_id_page_number_home_language_token_id_pk" PRIMARY KEY("content_id","page_number","home_language","token_id")
);
--> statement-breakpoint
CREATE TABLE "translation_cache" (
	"source_language" text NOT NULL,
	"target_language" text NOT NULL,
	"lowercase" text NOT NULL,
	"translates_to" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "translation_cache_source_language_target_language_lowercase_pk" PRIMARY KEY("source_language","target_language","lowercase")
);
--> statement-breakpoint
CREATE TABLE "user_pages" (
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"language" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_pages_user_id_content_id_page_id_pk" PRIMARY KEY("user_id","content_id","page_id")
);
--> statement-breakpoint
CREATE TABLE "user_words" (
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"lowercase" text NOT NULL,
	"level" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_words_user_id_language_lowercase_pk" PRIMARY KEY("user_id","language","lowercase")
);
--> statement-breakpoint
ALTER TABLE "glosses" ADD CONSTRAINT "glosses_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pages" ADD CONSTRAINT "user_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pages" ADD CONSTRAINT "user_pages_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_words" ADD CONSTRAINT "user_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "glosses_word" ON "glosses" USING btree ("language","home_language","lowercase");--> statement-breakpoint
CREATE INDEX "user_pages_user_language" ON "user_pages" USING btree ("user_id","language");