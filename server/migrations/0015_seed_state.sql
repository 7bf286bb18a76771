CREATE TABLE "seed_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"files_hash" text NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL
);
