ALTER TABLE "boats" ADD COLUMN "harbour_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "cancellation_policy" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "kind" text DEFAULT 'seat' NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_customer_email_idx" ON "bookings" USING btree (lower("customer_email"));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_kind_check" CHECK ("tickets"."kind" in ('seat', 'boarding_pass'));