CREATE TABLE "activity_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"run_start" date NOT NULL,
	CONSTRAINT "activity_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_deliveries_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "reminder_schedule" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bot_access" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bot_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedule" ADD CONSTRAINT "reminder_schedule_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_schedule_due_idx" ON "reminder_schedule" USING btree ("due_at");--> statement-breakpoint
-- Backfill: the days users were already active on, in Moscow time (the default zone; no zone was kept before), so
-- home's streak does not start from nothing when this ships. A run of consecutive days shares day − its row number
-- (the classic gaps-and-islands key); its first day is the run's start.
INSERT INTO "activity_days" ("user_id", "day", "run_start")
SELECT "user_id", "day", min("day") OVER (PARTITION BY "user_id", "island")
FROM (
  SELECT "user_id", "day", "day" - (row_number() OVER (PARTITION BY "user_id" ORDER BY "day"))::int AS "island"
  FROM (
    SELECT "user_id", ("created_at" AT TIME ZONE 'Europe/Moscow')::date AS "day" FROM "diary_entries"
    UNION
    SELECT "user_id", ("created_at" AT TIME ZONE 'Europe/Moscow')::date FROM "chat_messages" WHERE "role" = 'user'
    UNION
    SELECT "user_id", ("completed_at" AT TIME ZONE 'Europe/Moscow')::date FROM "practice_sessions" WHERE "completed_at" IS NOT NULL
  ) AS "active"
) AS "runs";
