-- Hand-written: drizzle-kit cannot express triggers.
-- Bookings as their customers see them (GET /checkout/booking/{id}) are cached too, and they
-- show their tickets: tickets notify `data_changed` like the tables of 0006, the function
-- finding the boat through the ticket's booking_id.
CREATE TRIGGER tickets_data_changed AFTER INSERT OR UPDATE OR DELETE ON tickets
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER tickets_data_truncated AFTER TRUNCATE ON tickets
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
