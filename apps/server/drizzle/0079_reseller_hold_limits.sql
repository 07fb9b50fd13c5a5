ALTER TABLE "reseller_bookings" ADD COLUMN "contact" jsonb;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "max_held_share_percent" integer;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "max_held_seats_per_trip" integer;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "max_live_holds" integer;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "max_hold_minutes" integer;--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_hold_limits_check" CHECK ("resellers"."max_held_share_percent" between 1 and 100 and "resellers"."max_held_seats_per_trip" between 1 and 10000 and "resellers"."max_live_holds" between 1 and 100000 and "resellers"."max_hold_minutes" between 1 and 1440);