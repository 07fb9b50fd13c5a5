-- Who asked for a refund from the back office: step-up counts what an account refunded in the
-- last STEP_UP_REFUND_WINDOW_MINUTES (modules/auth/step-up.ts). Null for every other refund.
ALTER TABLE "refunds" ADD COLUMN "requested_by" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_requested_by_idx" ON "refunds" USING btree ("requested_by","created_at") WHERE "refunds"."requested_by" is not null;