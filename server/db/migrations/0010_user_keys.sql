CREATE TABLE "user_keys" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"wrapped" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_keys" ADD CONSTRAINT "user_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- source_id becomes an id: whatever text a client put there (anything up to 100 characters) is dropped, not kept
-- in the clear.
UPDATE "diary_entries" SET "source_id" = NULL WHERE "source_id" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
UPDATE "practice_sessions" SET "source_id" = NULL WHERE "source_id" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
ALTER TABLE "diary_entries" ALTER COLUMN "source_id" SET DATA TYPE uuid USING "source_id"::uuid;--> statement-breakpoint
ALTER TABLE "practice_sessions" ALTER COLUMN "source_id" SET DATA TYPE uuid USING "source_id"::uuid;--> statement-breakpoint
-- Every value sealed so far is sealed with the master key itself: the next start moves each under its user's own key
-- ('plain' in the list makes it look; server/privacy/keys.ts).
UPDATE "data_encryption" SET "keys_in_use" = array_append("keys_in_use", 'plain') WHERE NOT ('plain' = ANY ("keys_in_use"));
