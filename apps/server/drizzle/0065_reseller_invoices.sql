CREATE TABLE "reseller_invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"trip_starts_at" timestamp with time zone NOT NULL,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"infants" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "reseller_invoice_lines_invoice_id_booking_id_pk" PRIMARY KEY("invoice_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "reseller_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reseller_id" uuid NOT NULL,
	"period" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"issuer_nif" text NOT NULL,
	"issuer" jsonb NOT NULL,
	"by_third_party" boolean NOT NULL,
	"invoice_type" text NOT NULL,
	"number" text NOT NULL,
	"corrects_id" uuid,
	"refund_id" uuid,
	"recipient" jsonb NOT NULL,
	"base_cents" integer NOT NULL,
	"igic_bps" integer,
	"igic_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reseller_invoices_type_check" CHECK ("reseller_invoices"."invoice_type" in ('F1', 'R1')),
	CONSTRAINT "reseller_invoices_sign_check" CHECK (("reseller_invoices"."invoice_type" = 'F1' and "reseller_invoices"."total_cents" > 0 and "reseller_invoices"."corrects_id" is null) or ("reseller_invoices"."invoice_type" = 'R1' and "reseller_invoices"."total_cents" < 0 and "reseller_invoices"."corrects_id" is not null)),
	CONSTRAINT "reseller_invoices_total_check" CHECK ("reseller_invoices"."base_cents" + "reseller_invoices"."igic_cents" = "reseller_invoices"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "billing_records" DROP CONSTRAINT "billing_records_document_kind_check";--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "billing_legal_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "billing_tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "billing_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reseller_invoice_lines" ADD CONSTRAINT "reseller_invoice_lines_invoice_id_reseller_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."reseller_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoices" ADD CONSTRAINT "reseller_invoices_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoices" ADD CONSTRAINT "reseller_invoices_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoices" ADD CONSTRAINT "reseller_invoices_corrects_id_reseller_invoices_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."reseller_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_invoice_lines_booking_idx" ON "reseller_invoice_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_invoices_number_idx" ON "reseller_invoices" USING btree ("issuer_nif","number");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_invoices_month_idx" ON "reseller_invoices" USING btree ("reseller_id","issuer_nif","period") WHERE "reseller_invoices"."invoice_type" = 'F1';--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_invoices_refund_idx" ON "reseller_invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "reseller_invoices_reseller_idx" ON "reseller_invoices" USING btree ("reseller_id","period");--> statement-breakpoint
ALTER TABLE "billing_records" ADD CONSTRAINT "billing_records_document_kind_check" CHECK ("billing_records"."document_kind" in ('commission_invoice', 'customer_invoice', 'reseller_invoice'));--> statement-breakpoint
-- The invoices to resellers never change either, nor their lines (docs/invoicing.md#resellers-invoices).
CREATE TRIGGER reseller_invoices_issued BEFORE UPDATE OR DELETE ON reseller_invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_issued_invoice_change();--> statement-breakpoint
CREATE TRIGGER reseller_invoice_lines_issued BEFORE UPDATE OR DELETE ON reseller_invoice_lines
  FOR EACH ROW EXECUTE FUNCTION refuse_issued_invoice_change();
