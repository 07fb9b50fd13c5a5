CREATE TABLE "reseller_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"booking_id" uuid NOT NULL,
	"change" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_webhook_deliveries_status_check" CHECK ("reseller_webhook_deliveries"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "reseller_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reseller_id" uuid NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retry_on_error" boolean DEFAULT true NOT NULL,
	"use_contact_language" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_webhooks_event_check" CHECK ("reseller_webhooks"."event" in ('booking_update'))
);
--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "reseller_webhook_deliveries" ADD CONSTRAINT "reseller_webhook_deliveries_webhook_id_reseller_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."reseller_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_webhook_deliveries" ADD CONSTRAINT "reseller_webhook_deliveries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_webhooks" ADD CONSTRAINT "reseller_webhooks_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_webhook_deliveries_event_idx" ON "reseller_webhook_deliveries" USING btree ("webhook_id","event_id");--> statement-breakpoint
CREATE INDEX "reseller_webhook_deliveries_due_idx" ON "reseller_webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "reseller_webhooks_reseller_idx" ON "reseller_webhooks" USING btree ("reseller_id");