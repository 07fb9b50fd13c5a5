-- The settlements recorded before the date was asked were received the day they were entered.
ALTER TABLE "reseller_settlements" ADD COLUMN "received_on" date;--> statement-breakpoint
UPDATE "reseller_settlements" SET "received_on" = ("created_at" AT TIME ZONE 'Atlantic/Canary')::date;--> statement-breakpoint
ALTER TABLE "reseller_settlements" ALTER COLUMN "received_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD COLUMN "received_on" date;--> statement-breakpoint
UPDATE "agent_settlements" SET "received_on" = ("created_at" AT TIME ZONE 'Atlantic/Canary')::date;--> statement-breakpoint
ALTER TABLE "agent_settlements" ALTER COLUMN "received_on" SET NOT NULL;
