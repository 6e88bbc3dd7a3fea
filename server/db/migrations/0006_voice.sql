CREATE TABLE "voice_transcriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" uuid,
	"audio_sha256" text NOT NULL,
	"seconds" integer NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_transcriptions_status_check" CHECK ("voice_transcriptions"."status" in ('pending', 'done')),
	CONSTRAINT "voice_transcriptions_done_text_check" CHECK (("voice_transcriptions"."status" = 'done') = ("voice_transcriptions"."text" is not null))
);
--> statement-breakpoint
ALTER TABLE "voice_transcriptions" ADD CONSTRAINT "voice_transcriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_transcriptions_user_client_idx" ON "voice_transcriptions" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "voice_transcriptions_user_updated_idx" ON "voice_transcriptions" USING btree ("user_id","updated_at");