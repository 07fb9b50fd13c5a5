ALTER TABLE "boats" ADD COLUMN "extras" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "extras" jsonb DEFAULT '[]'::jsonb NOT NULL;