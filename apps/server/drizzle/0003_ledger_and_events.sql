CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"status" text DEFAULT 'requires_action' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_id_unique" UNIQUE("provider_id"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('requires_action', 'processing', 'succeeded', 'failed', 'canceled')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text,
	"idempotency_key" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"cause" text DEFAULT 'operator' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_id_unique" UNIQUE("provider_id"),
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_money_check";--> statement-breakpoint
DROP INDEX "email_outbox_one_per_kind_idx";--> statement-breakpoint
ALTER TABLE "booking_history" ADD COLUMN "code" text DEFAULT 'status_changed' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_history" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "event_id" bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "refund_keys" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_undispatched_idx" ON "domain_events" USING btree ("id") WHERE "domain_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_event_idx" ON "email_outbox" USING btree ("event_id") WHERE "email_outbox"."event_id" is not null;--> statement-breakpoint
-- Money recorded on bookings before the ledger moves into it, so no received cent is lost.
INSERT INTO "payments" ("booking_id", "provider", "provider_id", "amount_cents", "status")
SELECT "id", "provider", "provider_payment_id", "amount_received_cents", 'succeeded' FROM "bookings"
WHERE "amount_received_cents" > 0 AND "provider_payment_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "refunds" ("booking_id", "payment_id", "provider", "provider_id", "amount_cents", "status", "actor", "reason")
SELECT b."id", p."id", b."provider", b."provider_refund_id", b."amount_refunded_cents", 'succeeded', 'system', 'Recorded before the ledger'
FROM "bookings" b JOIN "payments" p ON p."booking_id" = b."id"
WHERE b."amount_refunded_cents" > 0 AND (b."provider_refund_id" IS NULL OR b."provider_refund_id" NOT LIKE 'pending:%');--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "amount_received_cents";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "amount_refunded_cents";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "provider_refund_id";--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_money_check" CHECK ("bookings"."amount_gross_cents" >= 0 and "bookings"."platform_fee_cents" >= 0 and "bookings"."owner_amount_cents" >= 0);