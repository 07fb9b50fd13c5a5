ALTER TABLE "owner_earning_lines" DROP CONSTRAINT "owner_earning_lines_kind_check";--> statement-breakpoint
ALTER TABLE "owner_earning_lines" DROP CONSTRAINT "owner_earning_lines_split_check";--> statement-breakpoint
ALTER TABLE "owner_earning_lines" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_earning_lines" ADD COLUMN "owner_invoice_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_earning_lines_one_igic_idx" ON "owner_earning_lines" USING btree ("owner_invoice_id");--> statement-breakpoint
ALTER TABLE "owner_earning_lines" ADD CONSTRAINT "owner_earning_lines_kind_check" CHECK ("owner_earning_lines"."kind" in ('trip', 'adjustment', 'commission_igic'));--> statement-breakpoint
ALTER TABLE "owner_earning_lines" ADD CONSTRAINT "owner_earning_lines_split_check" CHECK (case when "owner_earning_lines"."kind" = 'commission_igic'
        then "owner_earning_lines"."booking_id" is null and "owner_earning_lines"."owner_invoice_id" is not null and "owner_earning_lines"."net_cents" = 0 and "owner_earning_lines"."fee_cents" = 0
        else "owner_earning_lines"."booking_id" is not null and "owner_earning_lines"."owner_invoice_id" is null and "owner_earning_lines"."fee_cents" + "owner_earning_lines"."owner_cents" = "owner_earning_lines"."net_cents" end);--> statement-breakpoint
-- Written by hand: the schema cannot say it without the two schema files importing each other.
ALTER TABLE "owner_earning_lines" ADD CONSTRAINT "owner_earning_lines_owner_invoice_id_fk" FOREIGN KEY ("owner_invoice_id") REFERENCES "public"."owner_invoices"("id");--> statement-breakpoint
-- The documents issued before the IGIC was withheld (docs/payments.md#the-commissions-igic): each
-- gets its line now, payable at once, so the next payout nets what was paid out without it.
INSERT INTO "owner_earning_lines" ("owner_id", "owner_invoice_id", "kind", "net_cents", "fee_cents", "owner_cents", "commission_bps", "earned_at", "payable_at")
SELECT "owner_id", "id", 'commission_igic', 0, 0, -"igic_cents", 0, now(), now()
FROM "owner_invoices" WHERE "kind" in ('invoice', 'credit_note') AND "igic_cents" <> 0;
--> statement-breakpoint
-- An owner's earnings (a cached back-office answer) name each IGIC line's document: the commission
-- invoices notify `data_changed` too, '<table>:*' once per statement, with the function of 0063.
CREATE TRIGGER owner_invoices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON owner_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed();
