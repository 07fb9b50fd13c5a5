CREATE TABLE "customer_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"issuer_nif" text NOT NULL,
	"issuer" jsonb NOT NULL,
	"by_third_party" boolean NOT NULL,
	"invoice_type" text NOT NULL,
	"number" text NOT NULL,
	"corrects_id" uuid,
	"recipient" jsonb,
	"language" text NOT NULL,
	"base_cents" integer NOT NULL,
	"igic_bps" integer,
	"igic_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_invoices_type_check" CHECK ("customer_invoices"."invoice_type" in ('F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5')),
	CONSTRAINT "customer_invoices_total_check" CHECK ("customer_invoices"."base_cents" + "customer_invoices"."igic_cents" = "customer_invoices"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_invoices" ADD CONSTRAINT "customer_invoices_corrects_id_customer_invoices_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."customer_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_invoices_number_idx" ON "customer_invoices" USING btree ("issuer_nif","number");--> statement-breakpoint
CREATE INDEX "customer_invoices_booking_idx" ON "customer_invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "customer_invoices_owner_idx" ON "customer_invoices" USING btree ("owner_id","issued_at");--> statement-breakpoint
-- Issued once: the commission invoices' trigger function refuses any change (migration 0020).
CREATE TRIGGER customer_invoices_issued BEFORE UPDATE OR DELETE ON customer_invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_issued_invoice_change();
