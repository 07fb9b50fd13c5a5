-- The waitlist asks the party as the booking does (adults, children 6–12, under-6s), so an offer
-- is priced as theirs; seats stays their sum, which the offers count.
ALTER TABLE "waitlist_entries" ADD COLUMN "adults" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "children_50" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "kids_free" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Entries from before waited as adults (the form asked only the seats): that is how they were priced.
UPDATE "waitlist_entries" SET "adults" = "seats";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_party_check" CHECK ("waitlist_entries"."seats" = "waitlist_entries"."adults" + "waitlist_entries"."children_50" + "waitlist_entries"."kids_free" and "waitlist_entries"."adults" >= 1
        and "waitlist_entries"."children_50" >= 0 and "waitlist_entries"."kids_free" between 0 and "waitlist_entries"."adults");