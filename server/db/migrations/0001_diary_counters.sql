CREATE TABLE "diary_counters" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"favorites" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diary_counters" ADD CONSTRAINT "diary_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill for databases that already hold entries.
INSERT INTO "diary_counters" ("user_id", "total", "favorites")
SELECT "user_id", count(*)::int, (count(*) FILTER (WHERE "is_favorite"))::int FROM "diary_entries" GROUP BY "user_id"
ON CONFLICT ("user_id") DO NOTHING;
