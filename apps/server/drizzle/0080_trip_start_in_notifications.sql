-- Hand-written: drizzle-kit cannot express functions.
-- The data-change notifications of a booking's rows also say when its trip starts:
-- '<table>:<boat id>:<epoch ms of bookings.starts_at>', from bookings and from the rows that
-- belong to a booking (tickets, payments, refunds, booking_slots, reseller_bookings,
-- agent_bookings: their booking_id). The back office's bookings figures are kept per range of
-- trip starts (http/read-caches.ts): a sale drops only the figures whose range holds its trip, so
-- staff reading another month keep theirs. A booking moved to another boat or another start
-- tells where it was too. The other tables notify as before ('<table>:<boat id or *>').
CREATE OR REPLACE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  before jsonb;
  boat text;
  booking_boat text;
  starts timestamptz;
  old_starts timestamptz;
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
  IF TG_TABLE_NAME = 'bookings' THEN
    starts := (changed->>'starts_at')::timestamptz;
    old_starts := (before->>'starts_at')::timestamptz;
  ELSIF changed->>'booking_id' IS NOT NULL THEN
    -- No row (the booking deleted in the same statement): no instant, as for any other table.
    SELECT b.boat_id::text, b.starts_at INTO booking_boat, starts
      FROM bookings b WHERE b.id = (changed->>'booking_id')::uuid;
    boat := coalesce(boat, booking_boat);
  END IF;
  -- A booking moved to another boat's trip, or to another start, changes what both show.
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME <> 'boats'
     AND (before->>'boat_id' <> coalesce(boat, '')
          OR (TG_TABLE_NAME = 'bookings' AND old_starts IS DISTINCT FROM starts)) THEN
    PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':' || coalesce(before->>'boat_id', boat, '*')
      || coalesce(':' || (extract(epoch FROM old_starts) * 1000)::bigint::text, ''));
  END IF;
  PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':' || coalesce(boat, '*')
    || coalesce(':' || (extract(epoch FROM starts) * 1000)::bigint::text, ''));
  RETURN NULL;
END;
$$;
