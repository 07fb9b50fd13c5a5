CREATE TABLE "deposit_claims" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"deposit_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text NOT NULL,
	"photos" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"filed_by" text NOT NULL,
	"filed_at" timestamp with time zone NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"decided_cents" integer,
	"decision_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_claims_status_check" CHECK ("deposit_claims"."status" in ('open', 'disputed', 'accepted', 'expired', 'decided', 'lapsed')),
	CONSTRAINT "deposit_claims_amount_check" CHECK ("deposit_claims"."amount_cents" > 0),
	CONSTRAINT "deposit_claims_decided_check" CHECK ("deposit_claims"."decided_cents" is null or ("deposit_claims"."decided_cents" >= 0 and "deposit_claims"."decided_cents" <= "deposit_claims"."amount_cents"))
);
--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "claim_window_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_claims" ADD CONSTRAINT "deposit_claims_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_claims" ADD CONSTRAINT "deposit_claims_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_claims_pending_idx" ON "deposit_claims" USING btree ("status","answer_by") WHERE "deposit_claims"."status" in ('open', 'disputed');--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_claim_window_check" CHECK ("boats"."claim_window_hours" between 1 and 96);