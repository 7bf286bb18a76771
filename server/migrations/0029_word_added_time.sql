ALTER TABLE "user_words" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The words saved before: their first save was never kept, their last change is the earliest time known.
UPDATE "user_words" SET "created_at" = "updated_at";
