CREATE TABLE "condition_reports" (
	"booking_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"values" jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature" text NOT NULL,
	"signed_by" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_user_id" uuid,
	CONSTRAINT "condition_reports_booking_id_phase_pk" PRIMARY KEY("booking_id","phase"),
	CONSTRAINT "condition_reports_phase_check" CHECK ("condition_reports"."phase" in ('departure', 'return'))
);
--> statement-breakpoint
CREATE TABLE "skipper_licences" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"skipper_name" text DEFAULT '' NOT NULL,
	"licence_type" text,
	"licence_number" text DEFAULT '' NOT NULL,
	"issuing_country" text DEFAULT '' NOT NULL,
	"photo" text,
	"status" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_by_user_id" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	"checked_by_user_id" uuid,
	"checked_at" timestamp with time zone,
	"refusal_reason" text,
	CONSTRAINT "skipper_licences_type_check" CHECK ("skipper_licences"."licence_type" in ('ln', 'pnb', 'per', 'py', 'foreign')),
	CONSTRAINT "skipper_licences_status_check" CHECK ("skipper_licences"."status" in ('recorded', 'confirmed', 'refused')),
	CONSTRAINT "skipper_licences_recorded_by_check" CHECK ("skipper_licences"."recorded_by" in ('customer', 'crew'))
);
--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "foreign_licence_accepted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "condition_checklist" jsonb;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "agreement_terms" jsonb;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipper_licences" ADD CONSTRAINT "skipper_licences_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipper_licences" ADD CONSTRAINT "skipper_licences_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipper_licences" ADD CONSTRAINT "skipper_licences_checked_by_user_id_users_id_fk" FOREIGN KEY ("checked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Hand-written below: drizzle-kit cannot express triggers. The manifest shows each self-drive
-- booking's licence and condition records (http/read-caches.ts: a back-office answer), so a
-- licence recorded, confirmed or refused, or a record of the boat's condition, notifies
-- `data_changed` like a booking's other rows (notify_data_changed, 0080).
CREATE TRIGGER skipper_licences_data_changed AFTER INSERT OR UPDATE OR DELETE ON skipper_licences
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER skipper_licences_data_truncated AFTER TRUNCATE ON skipper_licences
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
--> statement-breakpoint
CREATE TRIGGER condition_reports_data_changed AFTER INSERT OR UPDATE OR DELETE ON condition_reports
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER condition_reports_data_truncated AFTER TRUNCATE ON condition_reports
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();
