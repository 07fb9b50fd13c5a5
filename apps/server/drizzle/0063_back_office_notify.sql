-- Hand-written: drizzle-kit cannot express functions or triggers.
-- The back office's hot reads are cached too (http/back-office-answers.ts): a day's trips, a
-- manifest, a page of the bookings list, an owner's earnings, statement and payouts. Besides the
-- tables of 0006, 0007, 0027 and 0055 they read a booking's history and invoice, a canceled trip's
-- record, its customers and their offers, and an owner's earning lines and payouts. These notify
-- `data_changed` once per statement, '<table>:*' (any change drops every back-office answer, and
-- none of them shows in a public answer, http/read-caches.ts): a payout run or the completion job
-- writes thousands of lines in one statement, and a trigger per row would cost each of them.
CREATE OR REPLACE FUNCTION notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', TG_TABLE_NAME || ':*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER booking_history_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_history
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER customer_invoices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER trip_cancellations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trip_cancellations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER trip_cancellation_bookings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trip_cancellation_bookings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER trip_change_offers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trip_change_offers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER owner_earning_lines_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON owner_earning_lines
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER payouts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payouts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER payout_lines_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payout_lines
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
