CREATE TABLE "aeat_send_windows" (
	"issuer_nif" text PRIMARY KEY NOT NULL,
	"not_before" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aeat_submissions" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"issuer_nif" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"error_code" integer,
	"error_text" text,
	"receipt" text,
	CONSTRAINT "aeat_submissions_state_check" CHECK ("aeat_submissions"."state" in ('pending', 'sent', 'accepted', 'accepted_with_errors', 'rejected', 'corrected'))
);
--> statement-breakpoint
CREATE TABLE "billing_chains" (
	"issuer_nif" text PRIMARY KEY NOT NULL,
	"length" integer DEFAULT 0 NOT NULL,
	"last_record_id" uuid
);
--> statement-breakpoint
CREATE TABLE "billing_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_nif" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"num_serie" text NOT NULL,
	"issue_date" text NOT NULL,
	"invoice_type" text,
	"content" jsonb NOT NULL,
	"previous" jsonb,
	"generated_at" text NOT NULL,
	"hash" text NOT NULL,
	"system" jsonb NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" uuid NOT NULL,
	"corrects_record_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_records_kind_check" CHECK ("billing_records"."kind" in ('alta', 'anulacion')),
	CONSTRAINT "billing_records_document_kind_check" CHECK ("billing_records"."document_kind" in ('commission_invoice', 'customer_invoice')),
	CONSTRAINT "billing_records_type_check" CHECK (("billing_records"."kind" = 'alta') = ("billing_records"."invoice_type" is not null) and ("billing_records"."invoice_type" is null or "billing_records"."invoice_type" in ('F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5')))
);
--> statement-breakpoint
ALTER TABLE "aeat_submissions" ADD CONSTRAINT "aeat_submissions_record_id_billing_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."billing_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_records" ADD CONSTRAINT "billing_records_corrects_record_id_billing_records_id_fk" FOREIGN KEY ("corrects_record_id") REFERENCES "public"."billing_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aeat_submissions_due_idx" ON "aeat_submissions" USING btree ("issuer_nif","not_before") WHERE "aeat_submissions"."state" in ('pending', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "billing_records_position_idx" ON "billing_records" USING btree ("issuer_nif","position");--> statement-breakpoint
CREATE INDEX "billing_records_document_idx" ON "billing_records" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "billing_records_created_idx" ON "billing_records" USING btree ("created_at");--> statement-breakpoint
-- A billing record is never changed nor removed: a correction is a new record
-- (docs/invoicing.md#records). The function is the invoices' own (migration 0020).
CREATE TRIGGER billing_records_issued BEFORE UPDATE OR DELETE ON billing_records
  FOR EACH ROW EXECUTE FUNCTION refuse_issued_invoice_change();
