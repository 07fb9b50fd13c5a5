CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "harbour_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "cancellation_policy" jsonb;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "kind" text DEFAULT 'seat' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bookings_customer_email_idx" ON "bookings" USING btree (lower("customer_email"));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_kind_check" CHECK ("tickets"."kind" in ('seat', 'boarding_pass'));--> statement-breakpoint
-- Charters sold before boarding passes existed get theirs, so check-in finds every party.
INSERT INTO "tickets" ("booking_id", "code", "kind", "seat_no", "passenger_type", "price_paid_cents")
SELECT b."id",
  'TF-' || upper(substr(h.hex, 1, 4)) || '-' || upper(substr(h.hex, 5, 4)) || '-' || upper(substr(h.hex, 9, 2)),
  'boarding_pass', 1, 'adult', b."amount_gross_cents"
FROM "bookings" b
CROSS JOIN LATERAL (SELECT md5(random()::text || b."id"::text) AS hex) h
WHERE b."type" = 'private' AND b."status" IN ('paid', 'confirmed', 'completed')
  AND NOT EXISTS (SELECT 1 FROM "tickets" t WHERE t."booking_id" = b."id");
