CREATE TABLE "trip_cancellation_bookings" (
	"slot_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"paid_cents" integer NOT NULL,
	"state" text DEFAULT 'to_refund' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_cancellation_bookings_slot_id_booking_id_pk" PRIMARY KEY("slot_id","booking_id"),
	CONSTRAINT "trip_cancellation_bookings_state_check" CHECK ("trip_cancellation_bookings"."state" in ('offered', 'moved', 'to_refund', 'refunded', 'refund_failed'))
);
--> statement-breakpoint
CREATE TABLE "trip_cancellations" (
	"slot_id" uuid PRIMARY KEY NOT NULL,
	"cause" text NOT NULL,
	"offer" text NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_cancellations_cause_check" CHECK ("trip_cancellations"."cause" in ('weather', 'minimum')),
	CONSTRAINT "trip_cancellations_offer_check" CHECK ("trip_cancellations"."offer" in ('choice', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "trip_change_offers" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"slot_id" uuid NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"moved_to_slot_id" uuid
);
--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "cutoff_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "minimum_waived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "trip_cancellation_bookings" ADD CONSTRAINT "trip_cancellation_bookings_slot_id_trip_cancellations_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."trip_cancellations"("slot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_cancellation_bookings" ADD CONSTRAINT "trip_cancellation_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_cancellations" ADD CONSTRAINT "trip_cancellations_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_change_offers" ADD CONSTRAINT "trip_change_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_change_offers" ADD CONSTRAINT "trip_change_offers_slot_id_trip_cancellations_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."trip_cancellations"("slot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_change_offers" ADD CONSTRAINT "trip_change_offers_moved_to_slot_id_slots_id_fk" FOREIGN KEY ("moved_to_slot_id") REFERENCES "public"."slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_cutoff_check" CHECK ("boats"."cutoff_hours" >= 0 and "boats"."cutoff_hours" <= 168);