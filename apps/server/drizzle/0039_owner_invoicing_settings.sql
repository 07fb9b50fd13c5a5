-- An owner's invoicing settings (docs/invoicing.md#customers-invoices-in-the-owners-name). Owners
-- that exist before this migration start with the platform NOT invoicing in their name, since
-- nobody accepted it for them (RD 1619/2012 art. 5 asks for the owner's prior agreement); the
-- columns' defaults then turn it on, with its acceptance instant, for every owner created later,
-- who accepts it with the terms of listing.
ALTER TABLE "owners" ADD COLUMN "invoices_customers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "customer_invoicing_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owners" ALTER COLUMN "invoices_customers" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "owners" ALTER COLUMN "customer_invoicing_accepted_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "igic_regime" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "igic_bps" integer DEFAULT 700 NOT NULL;--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_igic_regime_check" CHECK ("owners"."igic_regime" in ('general', 'exempt'));--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_igic_bps_check" CHECK ("owners"."igic_bps" between 0 and 2000);--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_customer_invoicing_check" CHECK (not "owners"."invoices_customers" or "owners"."customer_invoicing_accepted_at" is not null);
