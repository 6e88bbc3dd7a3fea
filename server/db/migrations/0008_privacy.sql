-- Personal text moves to sealed bytea columns (server/db/sealed.ts). Existing rows keep their UTF-8 bytes, which
-- read back as plain text (their first byte is never 0x00); at the next start the server seals them
-- (server/privacy/reseal.ts). drizzle-kit cannot cast text to bytea by itself: the USING clauses are written by hand.
CREATE TABLE "data_encryption" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"secret" bytea NOT NULL,
	"keys_in_use" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_encryption_one_row" CHECK ("data_encryption"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "erased_accounts" (
	"telegram_ref" bytea PRIMARY KEY NOT NULL,
	"trial_used" boolean NOT NULL,
	"usage" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "content" SET DATA TYPE bytea USING convert_to("content"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "metadata" SET DATA TYPE bytea USING convert_to("metadata"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "topic" SET DATA TYPE bytea USING convert_to("topic"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "last_message_preview" SET DATA TYPE bytea USING convert_to("last_message_preview"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "diary_entries" ALTER COLUMN "title" SET DATA TYPE bytea USING convert_to("title"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "diary_entries" ALTER COLUMN "content" SET DATA TYPE bytea USING convert_to("content"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "practice_sessions" ALTER COLUMN "feedback" SET DATA TYPE bytea USING convert_to("feedback"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "personal_context" SET DATA TYPE bytea USING convert_to("personal_context"::text, 'UTF8');--> statement-breakpoint
ALTER TABLE "voice_transcriptions" ALTER COLUMN "text" SET DATA TYPE bytea USING convert_to("text"::text, 'UTF8');