ALTER TABLE "diary_entries" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "diary_entries_user_client_idx" ON "diary_entries" USING btree ("user_id","client_id");