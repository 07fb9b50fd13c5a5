CREATE TABLE "owner_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "owner_notifications_kind_check" CHECK ("owner_notifications"."kind" in ('new_booking', 'canceled', 'refunded', 'moved', 'trip_canceled', 'request_lapsed'))
);
--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "notifications_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "notifications_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_notifications" ADD CONSTRAINT "owner_notifications_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_notifications" ADD CONSTRAINT "owner_notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_notifications_key_idx" ON "owner_notifications" USING btree ("owner_id","key");--> statement-breakpoint
CREATE INDEX "owner_notifications_digest_idx" ON "owner_notifications" USING btree ("owner_id","created_at") WHERE "owner_notifications"."emailed_at" is null;--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_notifications_off_check" CHECK ("owners"."notifications_off" <@ array['new_booking', 'canceled', 'refunded', 'moved', 'trip_canceled', 'request_lapsed']::text[]);