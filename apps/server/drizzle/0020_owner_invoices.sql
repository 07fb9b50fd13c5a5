CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_runs" (
	"period" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "owner_invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"earning_line_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"trip_starts_at" timestamp with time zone NOT NULL,
	"net_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"commission_bps" integer NOT NULL,
	CONSTRAINT "owner_invoice_lines_invoice_id_earning_line_id_pk" PRIMARY KEY("invoice_id","earning_line_id")
);
--> statement-breakpoint
CREATE TABLE "owner_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"period" text NOT NULL,
	"corrects_id" uuid,
	"language" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"base_cents" integer NOT NULL,
	"igic_bps" integer NOT NULL,
	"igic_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "owner_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "owner_invoices_kind_check" CHECK ("owner_invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "owner_invoices_sign_check" CHECK (("owner_invoices"."kind" = 'invoice' and "owner_invoices"."base_cents" > 0 and "owner_invoices"."corrects_id" is null) or ("owner_invoices"."kind" = 'credit_note' and "owner_invoices"."base_cents" < 0 and "owner_invoices"."corrects_id" is not null)),
	CONSTRAINT "owner_invoices_total_check" CHECK ("owner_invoices"."base_cents" + "owner_invoices"."igic_cents" = "owner_invoices"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "owner_invoice_lines" ADD CONSTRAINT "owner_invoice_lines_invoice_id_owner_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."owner_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_invoice_lines" ADD CONSTRAINT "owner_invoice_lines_earning_line_id_owner_earning_lines_id_fk" FOREIGN KEY ("earning_line_id") REFERENCES "public"."owner_earning_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_invoices" ADD CONSTRAINT "owner_invoices_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_invoices" ADD CONSTRAINT "owner_invoices_corrects_id_owner_invoices_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."owner_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_invoice_lines_once_idx" ON "owner_invoice_lines" USING btree ("earning_line_id");--> statement-breakpoint
CREATE INDEX "owner_invoice_lines_booking_idx" ON "owner_invoice_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "owner_invoices_owner_idx" ON "owner_invoices" USING btree ("owner_id","issued_at");--> statement-breakpoint
-- An issued invoice or credit note never changes, nor its lines: corrections are new credit notes
-- (docs/payments.md#commission-invoices). Every row is issued when it is written.
CREATE FUNCTION refuse_issued_invoice_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued invoices never change: % on % refused (issue a credit note)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER owner_invoices_issued BEFORE UPDATE OR DELETE ON owner_invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_issued_invoice_change();--> statement-breakpoint
CREATE TRIGGER owner_invoice_lines_issued BEFORE UPDATE OR DELETE ON owner_invoice_lines
  FOR EACH ROW EXECUTE FUNCTION refuse_issued_invoice_change();
