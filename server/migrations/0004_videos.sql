CREATE TABLE "transcript_sections" (
	"transcript_id" integer NOT NULL,
	"position" integer NOT NULL,
	"offset" real NOT NULL,
	"tokens" jsonb NOT NULL,
	CONSTRAINT "transcript_sections_transcript_id_position_pk" PRIMARY KEY("transcript_id","position")
);
--> statement-breakpoint
CREATE TABLE "transcripts" (
	"id" serial PRIMARY KEY NOT NULL,
	"youtube_id" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"uploaded_cues" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"transcript_id" integer NOT NULL,
	"youtube_id" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcript_sections" ADD CONSTRAINT "transcript_sections_transcript_id_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_videos" ADD CONSTRAINT "user_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_videos" ADD CONSTRAINT "user_videos_transcript_id_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."transcripts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transcripts_video_language" ON "transcripts" USING btree ("youtube_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "user_videos_user_video_language" ON "user_videos" USING btree ("user_id","youtube_id","language");--> statement-breakpoint
CREATE INDEX "user_videos_user_created" ON "user_videos" USING btree ("user_id","created_at");