CREATE TABLE "word_import_chunks" (
	"import_id" uuid NOT NULL,
	"chunk" integer NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "word_import_chunks_import_id_chunk_pk" PRIMARY KEY("import_id","chunk")
);
--> statement-breakpoint
CREATE TABLE "word_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "word_import_chunks" ADD CONSTRAINT "word_import_chunks_import_id_word_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."word_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_imports" ADD CONSTRAINT "word_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_imports_user" ON "word_imports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "word_imports_expiry" ON "word_imports" USING btree ("expires_at");