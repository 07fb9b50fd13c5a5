CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"waited_for" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"carried_out_at" timestamp with time zone,
	"carried_out_by" text,
	CONSTRAINT "erasure_requests_done_check" CHECK (("erasure_requests"."carried_out_at" is null) = ("erasure_requests"."carried_out_by" is null))
);
--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_open_email_idx" ON "erasure_requests" USING btree ("email") WHERE "erasure_requests"."carried_out_at" is null;--> statement-breakpoint
CREATE INDEX "erasure_requests_open_idx" ON "erasure_requests" USING btree ("due_at") WHERE "erasure_requests"."carried_out_at" is null;