CREATE TABLE "owner_earning_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"net_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"owner_cents" integer NOT NULL,
	"commission_bps" integer NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"payable_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_earning_lines_kind_check" CHECK ("owner_earning_lines"."kind" in ('trip', 'adjustment')),
	CONSTRAINT "owner_earning_lines_split_check" CHECK ("owner_earning_lines"."fee_cents" + "owner_earning_lines"."owner_cents" = "owner_earning_lines"."net_cents")
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"payout_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "payout_lines_payout_id_line_id_pk" PRIMARY KEY("payout_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"scheduled_for" timestamp with time zone PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"account" text NOT NULL,
	"transfer_id" text,
	"failure" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_state_check" CHECK ("payouts"."state" in ('pending', 'paid', 'failed')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"account" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_money_check";--> statement-breakpoint
-- The stored split goes (the ledger says what a booking kept); a sale from before bookings kept
-- their rate keeps the rate its stored fee was taken at. Earning lines of trips completed before
-- this migration are written by the first payout run (earnings.ts, syncCompletedEarnings).
UPDATE "bookings" SET "commission_bps" = round("platform_fee_cents" * 10000.0 / "amount_gross_cents")
  WHERE "commission_bps" IS NULL AND "amount_gross_cents" > 0 AND "paid_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "payouts_on_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "payout_account" text;--> statement-breakpoint
ALTER TABLE "owner_earning_lines" ADD CONSTRAINT "owner_earning_lines_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_earning_lines" ADD CONSTRAINT "owner_earning_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_line_id_owner_earning_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."owner_earning_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_earning_lines_one_trip_idx" ON "owner_earning_lines" USING btree ("booking_id") WHERE "owner_earning_lines"."kind" = 'trip';--> statement-breakpoint
CREATE INDEX "owner_earning_lines_booking_idx" ON "owner_earning_lines" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "owner_earning_lines_owner_idx" ON "owner_earning_lines" USING btree ("owner_id","payable_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_lines_one_live_idx" ON "payout_lines" USING btree ("line_id") WHERE "payout_lines"."active";--> statement-breakpoint
CREATE INDEX "payouts_owner_idx" ON "payouts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "platform_fee_cents";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "owner_amount_cents";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_money_check" CHECK ("bookings"."amount_gross_cents" >= 0);