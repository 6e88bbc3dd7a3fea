CREATE TABLE "plan_end_notices" (
	"user_id" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"message_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_end_notices_user_id_ends_at_kind_pk" PRIMARY KEY("user_id","ends_at","kind")
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_refund_reason_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recurring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subscription_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_charge_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renews_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plan_end_notices" ADD CONSTRAINT "plan_end_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_reason_check" CHECK ("payments"."refund_reason" in ('unknown_invoice', 'currency', 'amount', 'payer', 'already_paid', 'superseded'));