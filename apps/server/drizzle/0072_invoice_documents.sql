-- Hand-written backfill around the generated column (drizzle-kit writes only the ALTER).
-- A customer's invoice keeps what it shows (its lines, the date of the operation, the invoice it
-- corrects, the platform issuing in the owner's name) as written at issue; every rendering reads
-- it instead of the booking as it is now (docs/invoicing.md#a-document-is-frozen-at-issue).
-- Invoices issued before keep one line for the whole trip, dated by their booking's trip as it is
-- now (the nearest to what they showed), or their day of issue when the booking is gone. The
-- backfill writes issued rows once, so the trigger refusing changes (0040) is off for it alone.
ALTER TABLE "customer_invoices" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "customer_invoices" DISABLE TRIGGER customer_invoices_issued;--> statement-breakpoint
UPDATE "customer_invoices" ci SET "document" = jsonb_build_object(
  'operationAt', to_char(coalesce((SELECT b.starts_at FROM bookings b WHERE b.id = ci.booking_id), ci.issued_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'lines', jsonb_build_array(jsonb_build_object('kind', 'trip', 'amountCents', ci.total_cents)),
  'voucherCents', 0,
  'issuedByPlatform', CASE WHEN ci.by_third_party
    THEN (SELECT o.legal_name FROM owners o WHERE o.is_platform LIMIT 1) END,
  'corrects', (SELECT jsonb_build_object(
      'number', c.number,
      'issuedAt', to_char(c.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    FROM customer_invoices c WHERE c.id = ci.corrects_id)
);--> statement-breakpoint
ALTER TABLE "customer_invoices" ENABLE TRIGGER customer_invoices_issued;--> statement-breakpoint
ALTER TABLE "customer_invoices" ALTER COLUMN "document" SET NOT NULL;
