-- Hand-written: drizzle-kit cannot express functions or triggers.
-- A sale drops the back office's answers of its own trip's day, not every day's (issue 59): a
-- day's trips, a manifest and a month of the bookings list are kept per range of trip starts
-- (http/read-caches.ts), so every row a sale writes must say when its trip starts.
-- - A trip's slot says its own start, and its old start when it moves.
-- - A booking's history notifies per row like the booking's other rows ('<table>:<boat id>:<epoch
--   ms of the booking's start>'), no longer '<table>:*' per statement (0063), which dropped every
--   back-office answer that shows a history on every sale.
-- - Money taken in person (cash, terminal, bank transfer: IN_PERSON_METHODS in
--   packages/domain/src/schemas/operator-booking.ts), its refunds, and a security deposit held at
--   the harbour (DEPOSIT_METHODS but the card) tell no trip start: they count on the day they were
--   taken or handed back, which a day's trips of any date shows (its takings, its deposits).
CREATE OR REPLACE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  before jsonb;
  boat text;
  booking_boat text;
  starts timestamptz;
  old_starts timestamptz;
  method text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  IF TG_OP = 'UPDATE' THEN before := to_jsonb(OLD); END IF;
  IF TG_TABLE_NAME = 'boats' THEN
    boat := changed->>'id';
  ELSE
    boat := changed->>'boat_id';
  END IF;
  IF boat IS NULL AND changed->>'slot_id' IS NOT NULL THEN
    SELECT s.boat_id::text INTO boat FROM slots s WHERE s.id = (changed->>'slot_id')::uuid;
  END IF;
  IF TG_TABLE_NAME IN ('bookings', 'slots') THEN
    starts := (changed->>'starts_at')::timestamptz;
    old_starts := (before->>'starts_at')::timestamptz;
  ELSIF changed->>'booking_id' IS NOT NULL THEN
    -- No row (the booking deleted in the same statement): no instant, as for any other table.
    SELECT b.boat_id::text, b.starts_at INTO booking_boat, starts
      FROM bookings b WHERE b.id = (changed->>'booking_id')::uuid;
    boat := coalesce(boat, booking_boat);
  END IF;
  IF TG_TABLE_NAME IN ('payments', 'deposits') THEN
    method := changed->>'method';
  ELSIF TG_TABLE_NAME = 'refunds' THEN
    SELECT p.method INTO method FROM payments p WHERE p.id = (changed->>'payment_id')::uuid;
  END IF;
  IF method IN ('cash', 'terminal', 'bank_transfer') THEN
    starts := NULL;
  END IF;
  -- A booking or a trip moved to another boat, or to another start, changes what both show.
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME <> 'boats'
     AND (before->>'boat_id' <> coalesce(boat, '')
          OR (TG_TABLE_NAME IN ('bookings', 'slots') AND old_starts IS DISTINCT FROM starts)) THEN
    PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':' || coalesce(before->>'boat_id', boat, '*')
      || coalesce(':' || (extract(epoch FROM old_starts) * 1000)::bigint::text, ''));
  END IF;
  PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':' || coalesce(boat, '*')
    || coalesce(':' || (extract(epoch FROM starts) * 1000)::bigint::text, ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER booking_history_changed ON booking_history;
--> statement-breakpoint
CREATE TRIGGER booking_history_data_changed AFTER INSERT OR UPDATE OR DELETE ON booking_history
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER booking_history_data_truncated AFTER TRUNCATE ON booking_history
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
