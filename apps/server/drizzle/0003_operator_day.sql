ALTER TABLE "boats" ADD COLUMN "cutoff_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "minimum_waived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_cutoff_check" CHECK ("boats"."cutoff_hours" >= 0 and "boats"."cutoff_hours" <= 168);