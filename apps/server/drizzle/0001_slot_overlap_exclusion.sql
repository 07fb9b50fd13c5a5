-- Hand-written: drizzle-kit cannot express EXCLUDE.
-- Two slots of one boat may never overlap in time. The database refuses the second of two
-- concurrent inserts, so no read-then-write race in the application can create an overlap.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_no_overlap"
  EXCLUDE USING gist ("boat_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);
