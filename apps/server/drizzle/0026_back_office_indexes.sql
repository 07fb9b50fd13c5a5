-- Indexes the season at 200 boats showed missing (docs/performance.md#a-season-at-marketplace-scale).
-- The day's takings count the refunds handed back that day (ledger takingsBetween): without
-- an index they read every refund of the marketplace.
CREATE INDEX "refunds_updated_idx" ON "refunds" USING btree ("updated_at");--> statement-breakpoint
-- The completion job's batch (paid and confirmed bookings whose trip has ended, oldest first)
-- read every sold booking of the season without it, every 30 s.
CREATE INDEX "bookings_status_ends_idx" ON "bookings" USING btree ("status","ends_at");
