CREATE TABLE "reseller_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reseller_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_settlements_amount_check" CHECK ("reseller_settlements"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "reseller_settlements" ADD CONSTRAINT "reseller_settlements_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_settlements_reseller_idx" ON "reseller_settlements" USING btree ("reseller_id","created_at");