-- Hand-written: drizzle-kit cannot express functions or triggers.
-- Every committed change to a table that the public read caches (availability months, the
-- catalogue) are built from sends NOTIFY data_changed '<table>:<boat id>' (boat '*' when it
-- cannot be told). Every server instance LISTENs and drops what it cached for that boat, so a
-- write path added later cannot forget to invalidate: it only has to write these tables.
-- The caches read boats, slots, bookings and booking_slots (test/api/http/read-cache.test.ts checks
-- that every table their queries name carries this trigger). Tickets, payments, refunds and the
-- trip-cancellation tables change no cached answer by themselves: a sale or a move also writes
-- slots.seats_taken or the booking, which notify. A table added later whose rows change what
-- the caches show gets the same trigger; the function finds the boat through a boat_id,
-- slot_id or booking_id column.
CREATE OR REPLACE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  boat text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  IF TG_TABLE_NAME = 'boats' THEN
    boat := changed->>'id';
  ELSE
    boat := changed->>'boat_id';
  END IF;
  IF boat IS NULL AND changed->>'slot_id' IS NOT NULL THEN
    SELECT s.boat_id::text INTO boat FROM slots s WHERE s.id = (changed->>'slot_id')::uuid;
  END IF;
  IF boat IS NULL AND changed->>'booking_id' IS NOT NULL THEN
    SELECT b.boat_id::text INTO boat FROM bookings b WHERE b.id = (changed->>'booking_id')::uuid;
  END IF;
  -- A booking moved to another boat's trip changes the months of both boats.
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME <> 'boats' AND to_jsonb(OLD)->>'boat_id' <> coalesce(boat, '') THEN
    PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':' || (to_jsonb(OLD)->>'boat_id'));
  END IF;
  PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':' || coalesce(boat, '*'));
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
-- Truncation has no rows to name: everything cached goes.
CREATE OR REPLACE FUNCTION notify_data_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':*');
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
