-- Hand-written: drizzle-kit cannot express triggers.
-- The back office's bookings figures (the list's total and KPI tiles) are cached too, and they
-- add up the ledger: payments and refunds notify `data_changed` like the tables of 0006, the
-- function finding the boat through the row's booking_id ('*' for a payment of no booking, a
-- gift voucher's sale). Only the figures listen to these two tables (http/read-caches.ts).
CREATE TRIGGER payments_data_changed AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER payments_data_truncated AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
--> statement-breakpoint
CREATE TRIGGER refunds_data_changed AFTER INSERT OR UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER refunds_data_truncated AFTER TRUNCATE ON refunds
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
