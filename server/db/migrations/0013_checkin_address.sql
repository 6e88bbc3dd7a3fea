CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"mood" text NOT NULL,
	"note" "bytea",
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "check_ins_mood_check" CHECK ("check_ins"."mood" in ('very_bad', 'bad', 'neutral', 'good', 'very_good'))
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "address_form" text DEFAULT 'vy' NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_user_day_idx" ON "check_ins" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "check_ins_user_updated_idx" ON "check_ins" USING btree ("user_id","updated_at");