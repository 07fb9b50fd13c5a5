CREATE TABLE "owners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_platform" boolean DEFAULT false NOT NULL,
	"display_name" text NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"commission_bps" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_status_check" CHECK ("owners"."status" in ('active', 'suspended')),
	CONSTRAINT "owners_commission_check" CHECK ("owners"."commission_bps" between 0 and 10000),
	CONSTRAINT "owners_platform_active_check" CHECK (not ("owners"."is_platform" and "owners"."status" = 'suspended')),
	CONSTRAINT "owners_identity_check" CHECK ("owners"."is_platform" or ("owners"."legal_name" <> '' and "owners"."tax_id" <> '' and "owners"."email" <> ''))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
-- Hand-written: the platform operator is the owner of every boat that exists before owners do
-- (its identity is the OPERATOR_* configuration), and its crew accounts are the platform's.
INSERT INTO "owners" ("is_platform", "display_name") VALUES (true, 'Platform');--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
UPDATE "boats" SET "owner_id" = (SELECT "id" FROM "owners" WHERE "is_platform");--> statement-breakpoint
ALTER TABLE "boats" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: every boat already there was on the site; only new owners' boats start as drafts.
UPDATE "boats" SET "published_at" = "created_at";--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "booking_mode" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "instant_forced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
-- Hand-written: bookings sold before owners were sold at the site-wide rate their fee shows.
UPDATE "bookings" SET "commission_bps" = round("platform_fee_cents" * 10000.0 / "amount_gross_cents")
  WHERE "paid_at" IS NOT NULL AND "amount_gross_cents" > 0;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
UPDATE "users" SET "owner_id" = (SELECT "id" FROM "owners" WHERE "is_platform") WHERE "role" = 'crew';--> statement-breakpoint
CREATE UNIQUE INDEX "owners_one_platform_idx" ON "owners" USING btree ("is_platform") WHERE "owners"."is_platform";--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boats_owner_idx" ON "boats" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "users_owner_idx" ON "users" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "boats" ADD CONSTRAINT "boats_booking_mode_check" CHECK ("boats"."booking_mode" in ('instant', 'request'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_commission_check" CHECK ("bookings"."commission_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_owner_check" CHECK (("users"."role" in ('owner', 'crew')) = ("users"."owner_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'owner', 'crew', 'user'));--> statement-breakpoint
-- Hand-written: a suspended owner's boats leave the catalogue and their months, so a change of an
-- owner notifies the read caches like a change of a boat (0006_data_change_notify; the function
-- finds no boat in an owner's row and says '*': everything).
CREATE TRIGGER owners_data_changed AFTER INSERT OR UPDATE OR DELETE ON owners
  FOR EACH ROW EXECUTE FUNCTION notify_data_changed();--> statement-breakpoint
CREATE TRIGGER owners_data_truncated AFTER TRUNCATE ON owners
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_truncated();