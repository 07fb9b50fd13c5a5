-- Hand-written: drizzle-kit cannot express functions or triggers.
-- Every committed change to a table that the public read caches (availability months, the
-- catalogue, booking views) are built from sends NOTIFY data_changed
-- '<table>:<boat id>:<booking id>' (boat '*' when it cannot be told, booking empty when the row
-- has none). Every server instance LISTENs and drops what it cached for that boat or booking, so
-- a write path added later cannot forget to invalidate: it only has to write these tables.
-- A table added later whose rows change what the caches show gets the same trigger; the
-- function finds the boat through a boat_id, slot_id or booking_id column.
CREATE OR REPLACE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  boat text;
  booking text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  IF TG_TABLE_NAME = 'boats' THEN
    boat := changed->>'id';
  ELSE
    boat := changed->>'boat_id';
  END IF;
  IF TG_TABLE_NAME = 'bookings' THEN
    booking := changed->>'id';
  ELSE
    booking := changed->>'booking_id';
  END IF;
  IF boat IS NULL AND changed->>'slot_id' IS NOT NULL THEN
    SELECT s.boat_id::text INTO boat FROM slots s WHERE s.id = (changed->>'slot_id')::uuid;
  END IF;
  IF boat IS NULL AND booking IS NOT NULL THEN
    SELECT b.boat_id::text INTO boat FROM bookings b WHERE b.id = booking::uuid;
  END IF;
  PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':' || coalesce(boat, '*') || ':' || coalesce(booking, ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER boats_data_changed AFTER INSERT OR UPDATE OR DELETE ON boats
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER slots_data_changed AFTER INSERT OR UPDATE OR DELETE ON slots
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_data_changed AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER booking_slots_data_changed AFTER INSERT OR UPDATE OR DELETE ON booking_slots
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER tickets_data_changed AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
-- The ledger: no cached answer reads it yet, but a booking view that shows money will.
CREATE TRIGGER payments_data_changed AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER refunds_data_changed AFTER INSERT OR UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
-- Truncation has no rows to name: everything cached goes.
CREATE OR REPLACE FUNCTION notify_data_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':*:');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER boats_data_truncated AFTER TRUNCATE ON boats
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
--> statement-breakpoint
CREATE TRIGGER slots_data_truncated AFTER TRUNCATE ON slots
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
--> statement-breakpoint
CREATE TRIGGER bookings_data_truncated AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
--> statement-breakpoint
CREATE TRIGGER booking_slots_data_truncated AFTER TRUNCATE ON booking_slots
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
--> statement-breakpoint
CREATE TRIGGER tickets_data_truncated AFTER TRUNCATE ON tickets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
