CREATE TABLE "practice_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"practice_type" text NOT NULL,
	"source_type" text DEFAULT 'manual' NOT NULL,
	"source_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"rating" smallint,
	"feedback" text,
	CONSTRAINT "practice_sessions_rating_check" CHECK ("practice_sessions"."rating" between 1 and 5),
	CONSTRAINT "practice_sessions_completed_rated_check" CHECK (("practice_sessions"."completed_at" is null) = ("practice_sessions"."rating" is null))
);
--> statement-breakpoint
ALTER TABLE "practice_sessions" ADD CONSTRAINT "practice_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_sessions_user_started_idx" ON "practice_sessions" USING btree ("user_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);