-- A self-drive boat names the licence its skipper must hold (domain licences; meaningful when
-- requires_license); a booking records that its customer confirmed it at checkout, and when it
-- was e-mailed at the minimum's cutoff that its trip runs (so that goes out once).
ALTER TABLE "boats" ADD COLUMN "licence" text DEFAULT 'ln' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "licence_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "trip_runs_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_licence_check" CHECK ("boats"."licence" in ('ln', 'pnb', 'per', 'py'));