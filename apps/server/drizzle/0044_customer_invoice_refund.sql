-- A refund's rectifying invoice names its refund, so the refund's e-mail carries that invoice.
-- Rectifying invoices issued before keep none (their e-mails went out without it).
ALTER TABLE "customer_invoices" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_invoices_refund_idx" ON "customer_invoices" USING btree ("refund_id");