-- The waitlist's third attack run finding (issue 42): an entry is offered seats only once its
-- e-mail is confirmed, and an offer counts against the hold limit of the address it was made
-- from. Entries made before the rule keep their places: they count as confirmed.
DROP INDEX "waitlist_entries_waiting_idx";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "waitlist_entries" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "waitlist_entries_waiting_idx" ON "waitlist_entries" USING btree ("slot_id","seq") WHERE "waitlist_entries"."offered_at" is null and "waitlist_entries"."confirmed_at" is not null;