ALTER TABLE "boats" ADD COLUMN "resellers_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "reseller_commission_bearer" text DEFAULT 'proportional' NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_commission_bearer_check" CHECK ("boats"."reseller_commission_bearer" in ('proportional', 'platform', 'owner'));