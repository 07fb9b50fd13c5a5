ALTER TABLE "slots" ADD COLUMN "scheduled_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- Hand-written: a trip already on sale was scheduled when it was created.
UPDATE "slots" SET "scheduled_at" = "created_at";
--> statement-breakpoint
-- Hand-written: a canceled trip is final and no longer takes its time, so a new trip may be
-- put in its place; two live slots of one boat still never overlap.
ALTER TABLE "slots" DROP CONSTRAINT "slots_no_overlap";
--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_no_overlap"
  EXCLUDE USING gist ("boat_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("canceled_at" IS NULL);
