ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_reason_check" CHECK ("payments"."refund_reason" in ('unknown_invoice', 'currency', 'amount', 'payer', 'already_paid'));--> statement-breakpoint
-- Money received before this migration for a payload no invoice matched (tier is null only then): the operator's
-- to refund, as every such payment is from now on.
UPDATE "payments" SET "refund_reason" = 'unknown_invoice' WHERE "tier" IS NULL;
