-- Hand-written. What a canceled trip's booking paid and whether its refund went back are the
-- ledger's (payments, refunds): paid_cents, a copy of what it had received, goes, and the two
-- states that followed the refunds' answer (refunded, refund_failed) become one,
-- refund_answered: step 2 is done with the booking; the ledger says where its money stands.
ALTER TABLE "trip_cancellation_bookings" DROP CONSTRAINT "trip_cancellation_bookings_state_check";--> statement-breakpoint
UPDATE "trip_cancellation_bookings" SET "state" = 'refund_answered' WHERE "state" IN ('refunded', 'refund_failed');--> statement-breakpoint
ALTER TABLE "trip_cancellation_bookings" ADD CONSTRAINT "trip_cancellation_bookings_state_check" CHECK ("trip_cancellation_bookings"."state" in ('offered', 'moved', 'to_refund', 'refund_answered'));--> statement-breakpoint
ALTER TABLE "trip_cancellation_bookings" DROP COLUMN "paid_cents";
