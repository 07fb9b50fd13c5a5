CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"boat_id" uuid NOT NULL,
	"stars" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"trip_starts_at" timestamp with time zone NOT NULL,
	"helpful" integer DEFAULT 0 NOT NULL,
	"owner_reply" text,
	"owner_replied_at" timestamp with time zone,
	"owner_replied_by" text,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_note" text,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "reviews_stars_check" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_helpful_check" CHECK ("reviews"."helpful" >= 0),
	CONSTRAINT "reviews_hidden_check" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null)
        and "reviews"."hidden_reason" in ('abuse', 'personal_data')),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."owner_reply" is null) = ("reviews"."owner_replied_at" is null))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_boat_idx" ON "reviews" USING btree ("boat_id","created_at");
--> statement-breakpoint
-- Hand-written: the catalogue and a boat's month carry the boat's rating, so a review written,
-- changed or hidden notifies `data_changed` like the tables of 0006 (the boat from boat_id).
CREATE TRIGGER reviews_data_changed AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_data_truncated AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
