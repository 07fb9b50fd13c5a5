CREATE TABLE "gift_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"boat_id" uuid,
	"purchaser_name" text NOT NULL,
	"purchaser_email" text NOT NULL,
	"purchaser_language" text DEFAULT 'en' NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text,
	"recipient_language" text DEFAULT 'en' NOT NULL,
	"message" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "gift_vouchers_amount_check" CHECK ("gift_vouchers"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift_voucher_id" uuid;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_vouchers_created_idx" ON "gift_vouchers" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gift_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("gift_voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_gift_voucher_idx" ON "payments" USING btree ("gift_voucher_id") WHERE "payments"."gift_voucher_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_check" CHECK ("payments"."booking_id" is not null or "payments"."gift_voucher_id" is not null);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voucher_check" CHECK ("payments"."method" <> 'voucher' or ("payments"."booking_id" is not null and "payments"."gift_voucher_id" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'cash', 'terminal', 'bank_transfer', 'voucher'));