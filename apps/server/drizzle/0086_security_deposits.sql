CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"method" text DEFAULT 'card' NOT NULL,
	"provider_customer_id" text,
	"provider_intent_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"authorise_at" timestamp with time zone NOT NULL,
	"authorised_at" timestamp with time zone,
	"lapses_at" timestamp with time zone,
	"failure" text,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "deposits_provider_intent_id_unique" UNIQUE("provider_intent_id"),
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('scheduled', 'authorised', 'failed', 'released', 'captured', 'lapsed', 'canceled')),
	CONSTRAINT "deposits_method_check" CHECK ("deposits"."method" in ('card', 'cash', 'terminal', 'bank_transfer')),
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount_cents" > 0),
	CONSTRAINT "deposits_captured_check" CHECK ("deposits"."captured_cents" >= 0 and "deposits"."captured_cents" <= "deposits"."amount_cents"
        and ("deposits"."status" = 'captured') = ("deposits"."captured_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "owner_earning_lines" DROP CONSTRAINT "owner_earning_lines_kind_check";--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "amount_captured_cents" integer;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_due_idx" ON "deposits" USING btree ("status","authorise_at") WHERE "deposits"."status" in ('scheduled', 'authorised');--> statement-breakpoint
CREATE UNIQUE INDEX "owner_earning_lines_one_deposit_idx" ON "owner_earning_lines" USING btree ("booking_id") WHERE "owner_earning_lines"."kind" = 'deposit';--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_deposit_check" CHECK ("boats"."deposit_cents" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "owner_earning_lines" ADD CONSTRAINT "owner_earning_lines_kind_check" CHECK ("owner_earning_lines"."kind" in ('trip', 'adjustment', 'commission_igic', 'deposit'));--> statement-breakpoint
-- Hand-written: drizzle-kit cannot express triggers. A booking's view (its read cache) names its
-- security deposit, so the deposits' rows notify `data_changed` as a booking's rows do
-- ('<table>:<boat id>:<epoch ms of the booking's start>', notify_data_changed of 0080).
CREATE TRIGGER deposits_data_changed AFTER INSERT OR UPDATE OR DELETE ON deposits
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER deposits_data_truncated AFTER TRUNCATE ON deposits
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
