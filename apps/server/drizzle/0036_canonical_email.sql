-- One customer, however the address is typed: the promo codes' per-e-mail rules (uses per
-- e-mail, first booking only) compare addresses in this form, so `ana+2@example.com` or
-- `A.n.a@gmail.com` is not a new customer (docs/payments.md#promo-codes). Folded: letter case
-- everywhere; a `+tag` after the local part (sub-addressing, which Gmail, Outlook, iCloud,
-- Proton and Fastmail deliver to the same mailbox); the dots of a Gmail local part, and
-- googlemail.com as gmail.com. IMMUTABLE, so an index can hold it.
CREATE FUNCTION canonical_email(address text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN position('@' IN a) = 0 THEN a
    WHEN d IN ('gmail.com', 'googlemail.com') THEN replace(l, '.', '') || '@gmail.com'
    ELSE l || '@' || d
  END
  FROM (SELECT lower(trim(address)) AS a) AS typed,
    LATERAL (SELECT split_part(regexp_replace(a, '^([^@]*)@.*$', '\1'), '+', 1) AS l,
                    regexp_replace(a, '^[^@]*@', '') AS d) AS parts
$$;--> statement-breakpoint
CREATE INDEX "bookings_customer_canonical_email_idx" ON "bookings" USING btree (canonical_email("customer_email"));
