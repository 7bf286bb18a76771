CREATE TABLE "word_export_parts" (
	"export_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "word_export_parts_export_id_part_pk" PRIMARY KEY("export_id","part")
);
--> statement-breakpoint
CREATE TABLE "word_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"format" text NOT NULL,
	"language" text NOT NULL,
	"levels" integer[],
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "word_export_parts" ADD CONSTRAINT "word_export_parts_export_id_word_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."word_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_exports" ADD CONSTRAINT "word_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_exports_user" ON "word_exports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "word_exports_expiry" ON "word_exports" USING btree ("expires_at");