-- Hand-written: drizzle-kit cannot express triggers.
-- Issued documents and their VERI*FACTU records are kept whole (docs/invoicing.md#records). Row
-- triggers (0020, 0033, 0040, 0065) refuse UPDATE and DELETE, but TRUNCATE fires no row trigger:
-- one statement, or a TRUNCATE … CASCADE from a table they refer to, would empty them. Refused on
-- every table holding an issued document, its lines, a record, a chain's head, a record's
-- submission state or a series' last number (a number taken again would be a second invoice
-- with the same number), as the audit trail's 0030 does.
CREATE FUNCTION refuse_document_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued documents and their records are kept: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER owner_invoices_no_truncate BEFORE TRUNCATE ON owner_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_document_truncate();--> statement-breakpoint
CREATE TRIGGER owner_invoice_lines_no_truncate BEFORE TRUNCATE ON owner_invoice_lines
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_document_truncate();--> statement-breakpoint
CREATE TRIGGER customer_invoices_no_truncate BEFORE TRUNCATE ON customer_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_document_truncate();--> statement-breakpoint
CREATE TRIGGER reseller_invoices_no_truncate BEFORE TRUNCATE ON reseller_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_document_truncate();--> statement-breakpoint
CREATE TRIGGER reseller_invoice_lines_no_truncate BEFORE TRUNCATE ON reseller_invoice_lines
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_document_truncate();--> statement-breakpoint
CREATE TRIGGER billing_records_no_truncate BEFORE TRUNCATE ON billing_records
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_document_truncate();--> statement-breakpoint
CREATE TRIGGER billing_chains_no_truncate BEFORE TRUNCATE ON billing_chains
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_document_truncate();--> statement-breakpoint
CREATE TRIGGER aeat_submissions_no_truncate BEFORE TRUNCATE ON aeat_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_document_truncate();--> statement-breakpoint
CREATE TRIGGER invoice_counters_no_truncate BEFORE TRUNCATE ON invoice_counters
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_document_truncate();
