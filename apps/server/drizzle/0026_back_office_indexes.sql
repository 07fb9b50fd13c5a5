-- The day's takings count the refunds handed back that day (ledger takingsBetween): without
-- an index they read every refund of the marketplace.
CREATE INDEX "refunds_updated_idx" ON "refunds" USING btree ("updated_at");