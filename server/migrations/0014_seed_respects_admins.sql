CREATE TABLE "seed_tombstones" (
	"slug" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "admin_edited" boolean DEFAULT false NOT NULL;