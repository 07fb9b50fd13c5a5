-- Hand-written: drizzle-kit cannot express functions or triggers.
-- A shared trip's seats_taken is the seats of its bookings that occupy it (sold, or a request
-- awaiting its owner: the domain's OCCUPYING_STATUSES, which test/api/slots/seats-taken.test.ts holds
-- this list to) plus the seats the operator marks as taken elsewhere. The database keeps it, in
-- this one trigger, whichever code writes a booking: a status change, a move to another trip, a
-- change of seats, a row added or removed. The sale's check that the seats still fit stays in
-- the checkout, under the trip row's lock (bookings/capacity.ts), which this update then reuses.
CREATE OR REPLACE FUNCTION keep_seats_taken() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := false;
  new_counts boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_counts := OLD.type = 'shared' AND OLD.slot_id IS NOT NULL
      AND OLD.status IN ('requested', 'paid', 'confirmed', 'completed');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_counts := NEW.type = 'shared' AND NEW.slot_id IS NOT NULL
      AND NEW.status IN ('requested', 'paid', 'confirmed', 'completed');
  END IF;
  IF old_counts AND new_counts AND OLD.slot_id = NEW.slot_id AND OLD.seats = NEW.seats THEN
    RETURN NULL;
  END IF;
  IF old_counts THEN
    UPDATE slots SET seats_taken = seats_taken - OLD.seats, updated_at = now() WHERE id = OLD.slot_id;
  END IF;
  IF new_counts THEN
    UPDATE slots SET seats_taken = seats_taken + NEW.seats, updated_at = now() WHERE id = NEW.slot_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_keep_seats_taken
  AFTER INSERT OR DELETE OR UPDATE OF status, slot_id, seats, type ON bookings
  FOR EACH ROW EXECUTE FUNCTION keep_seats_taken();
