ALTER TABLE "owner_invoice_lines" ADD COLUMN "agent_commission_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_invoice_lines" ADD COLUMN "agent_name" text;