-- Resellers of the OCTO API (docs/channels.md): the resellers, their API keys (stored as hashes)
-- and what OCTO adds to a booking a reseller made. A reseller pays on account: payments of method
-- `reseller`. Audit rows about resellers.
CREATE TABLE "reseller_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reseller_id" uuid NOT NULL,
	"label" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "reseller_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "reseller_bookings" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"uuid" text NOT NULL,
	"reseller_reference" text,
	"unit_items" jsonb NOT NULL,
	"notes" text,
	"commission_bps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"commission_bps" integer NOT NULL,
	"cancellation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resellers_commission_check" CHECK ("resellers"."commission_bps" >= 0 and "resellers"."commission_bps" <= 5000),
	CONSTRAINT "resellers_cancellation_check" CHECK ("resellers"."cancellation" in ('boat_policy', 'full_refund'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_object_type_check";--> statement-breakpoint
ALTER TABLE "reseller_api_keys" ADD CONSTRAINT "reseller_api_keys_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_bookings" ADD CONSTRAINT "reseller_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_bookings" ADD CONSTRAINT "reseller_bookings_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_api_keys_reseller_idx" ON "reseller_api_keys" USING btree ("reseller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_bookings_uuid_idx" ON "reseller_bookings" USING btree ("reseller_id","uuid");--> statement-breakpoint
CREATE INDEX "reseller_bookings_reference_idx" ON "reseller_bookings" USING btree ("reseller_id","reseller_reference");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'cash', 'terminal', 'bank_transfer', 'voucher', 'reseller'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_object_type_check" CHECK ("audit_log"."object_type" in ('account', 'boat', 'booking', 'calendar_feed', 'erasure', 'export', 'gift_voucher', 'invoice', 'message', 'owner', 'owner_application', 'payout', 'photo', 'promo_code', 'reseller', 'review', 'schedule', 'slot', 'staff', 'trip'));