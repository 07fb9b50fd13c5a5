CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"owner_id" uuid,
	"boat_id" uuid,
	"booking_id" uuid,
	"changes" jsonb,
	"ip" text NOT NULL,
	CONSTRAINT "audit_log_object_type_check" CHECK ("audit_log"."object_type" in ('account', 'boat', 'booking', 'calendar_feed', 'erasure', 'export', 'gift_voucher', 'invoice', 'message', 'owner', 'owner_application', 'payout', 'photo', 'promo_code', 'review', 'schedule', 'slot', 'staff', 'trip')),
	CONSTRAINT "audit_log_actor_role_check" CHECK ("audit_log"."actor_role" in ('admin', 'owner', 'crew', 'user'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_owner_idx" ON "audit_log" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_booking_idx" ON "audit_log" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "audit_log_boat_idx" ON "audit_log" USING btree ("boat_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- The audit trail is append-only (docs/security.md#audit-trail): a row, once written, is never
-- changed or deleted, by the application or by anyone with its database role.
CREATE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change();
