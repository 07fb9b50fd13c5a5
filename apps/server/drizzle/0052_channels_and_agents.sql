CREATE TABLE "agent_bookings" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"commission_bps" integer NOT NULL,
	"payment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_bookings_payment_check" CHECK ("agent_bookings"."payment" in ('cash', 'link'))
);
--> statement-breakpoint
CREATE TABLE "agent_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settlements_amount_check" CHECK ("agent_settlements"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"commission_bps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_commission_check" CHECK ("agents"."commission_bps" >= 0 and "agents"."commission_bps" <= 5000)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_object_type_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_role_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sold_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "agent_bookings" ADD CONSTRAINT "agent_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_bookings" ADD CONSTRAINT "agent_bookings_agent_user_id_agents_user_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."agents"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_agent_user_id_agents_user_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."agents"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_bookings_agent_idx" ON "agent_bookings" USING btree ("agent_user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_settlements_agent_idx" ON "agent_settlements" USING btree ("agent_user_id","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_sold_by_user_id_users_id_fk" FOREIGN KEY ("sold_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_sold_by_idx" ON "bookings" USING btree ("sold_by_user_id") WHERE "bookings"."sold_by_user_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'owner', 'crew', 'agent', 'user'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'cash', 'terminal', 'bank_transfer', 'voucher', 'reseller', 'platform', 'agent_cash'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_object_type_check" CHECK ("audit_log"."object_type" in ('account', 'agent', 'boat', 'booking', 'calendar_feed', 'erasure', 'export', 'gift_voucher', 'invoice', 'message', 'owner', 'owner_application', 'payout', 'photo', 'promo_code', 'reseller', 'review', 'schedule', 'slot', 'staff', 'trip'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_role_check" CHECK ("audit_log"."actor_role" in ('admin', 'owner', 'crew', 'agent', 'user'));--> statement-breakpoint
-- Hand-written: the bookings staff took before this column existed name who took them in their
-- opening history line (operator_booked, or payment_link_sent for a payment link).
UPDATE "bookings" b SET "sold_by_user_id" = h."actor_user_id"
FROM "booking_history" h
WHERE h."booking_id" = b."id" AND h."code" in ('operator_booked', 'payment_link_sent') AND h."actor_user_id" IS NOT NULL
  AND h."id" = (SELECT min(h2."id") FROM "booking_history" h2 WHERE h2."booking_id" = b."id");
