ALTER TABLE "boats" ADD COLUMN "harbour_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "cancellation_policy" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "kind" text DEFAULT 'seat' NOT NULL;--> statement-breakpoint
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
