ALTER TABLE "word_import_chunks" ADD COLUMN "parents" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "word_import_chunks" ADD COLUMN "added" jsonb;--> statement-breakpoint
ALTER TABLE "word_imports" ADD COLUMN "policy" text;--> statement-breakpoint
ALTER TABLE "word_imports" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "word_imports" ADD COLUMN "next_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "word_imports" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "word_imports" ADD COLUMN "rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "word_imports" ADD COLUMN "added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "word_imports" ADD COLUMN "updated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "word_imports" ADD COLUMN "cards" integer DEFAULT 0 NOT NULL;