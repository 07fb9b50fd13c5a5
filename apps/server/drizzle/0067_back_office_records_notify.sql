-- Hand-written: drizzle-kit cannot express triggers.
-- The records page (a month's billing records with their AEAT state, the rejected ones, the
-- issuers) and the audit trail are answered from memory too (http/back-office-answers.ts): their
-- tables notify `data_changed` once per statement, '<table>:*', with the function of 0063 (any
-- change drops every back-office answer; none of them shows in a public answer).
CREATE TRIGGER billing_records_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON billing_records
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER aeat_submissions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON aeat_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
--> statement-breakpoint
CREATE TRIGGER audit_log_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
