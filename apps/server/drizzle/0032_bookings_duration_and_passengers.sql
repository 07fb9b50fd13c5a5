ALTER TABLE "bookings" RENAME COLUMN "children_u13" TO "children_50";--> statement-breakpoint
ALTER TABLE "bookings" RENAME COLUMN "children_u6" TO "kids_free";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_counts_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "duration_hours";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_counts_check" CHECK ("bookings"."seats" >= 0 and "bookings"."adults" >= 0 and "bookings"."children_50" >= 0 and "bookings"."kids_free" >= 0);