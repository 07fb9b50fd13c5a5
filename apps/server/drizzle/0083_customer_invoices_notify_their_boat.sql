-- Hand-written: drizzle-kit cannot express triggers.
-- A customer's invoice notifies `data_changed` as a booking's row, '<table>:<boat id>:<epoch ms
-- of the booking's start>' (notify_data_changed, 0080), no longer '<table>:*' once per statement
-- (0063): a sale's invoice then drops only the back-office answers that show its boat
-- (http/read-caches.ts), so an owner's earnings stay while other owners sell. Invoices are issued
-- one per sale or refund, so a trigger per row costs nothing a statement's would not. And the
-- lines of an owner's commission documents notify, as the documents do.
DROP TRIGGER customer_invoices_changed ON customer_invoices;
--> statement-breakpoint
CREATE TRIGGER customer_invoices_data_changed AFTER INSERT OR UPDATE OR DELETE ON customer_invoices
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER customer_invoices_data_truncated AFTER TRUNCATE ON customer_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
--> statement-breakpoint
-- The lines of an owner's commission document, which an owner's earnings and statement now read
-- (the agents' commissions they charge, decision 36): once per statement, as the documents.
CREATE TRIGGER owner_invoice_lines_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON owner_invoice_lines
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
