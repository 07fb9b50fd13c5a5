ALTER TABLE "trip_cancellations" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "trip_cancellations" ADD COLUMN "summary_sent_at" timestamp with time zone;