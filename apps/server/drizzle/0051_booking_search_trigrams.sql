-- Hand-written first line: the trigram operator classes the search indexes use (pg_trgm is a
-- trusted extension: the database's owner may create it; PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "bookings_boat_starts_idx" ON "bookings" USING btree ("boat_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_customer_name_trgm_idx" ON "bookings" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_customer_email_trgm_idx" ON "bookings" USING gin ("customer_email" gin_trgm_ops);
