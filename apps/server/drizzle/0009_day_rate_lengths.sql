ALTER TABLE "boats" ADD COLUMN "half_day_hours" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "full_day_hours" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_day_lengths_check" CHECK ("boats"."half_day_hours" between 1 and 24 and "boats"."full_day_hours" between 1 and 24
        and "boats"."full_day_hours" > "boats"."half_day_hours");