-- Hand-written: drizzle-kit cannot express triggers.
-- The back office's bookings figures break sales down by channel (docs/channels.md#channels),
-- which they read from the reseller and agent rows of a sale, the resellers' and agents' names,
-- and the role of the staff member who took a booking. Those tables notify `data_changed` like
-- payments and refunds (0027), and like them only the figures listen (http/read-caches.ts); on
-- users only a change of role can change a channel, so sign-ins notify nothing.
CREATE TRIGGER reseller_bookings_data_changed AFTER INSERT OR UPDATE OR DELETE ON reseller_bookings
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER resellers_data_changed AFTER INSERT OR UPDATE OR DELETE ON resellers
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER agent_bookings_data_changed AFTER INSERT OR UPDATE OR DELETE ON agent_bookings
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER agents_data_changed AFTER INSERT OR UPDATE OR DELETE ON agents
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER users_role_changed AFTER UPDATE OF role ON users
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
