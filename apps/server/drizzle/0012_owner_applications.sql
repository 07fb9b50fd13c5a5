CREATE TABLE "owner_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"kind" text NOT NULL,
	"display_name" text NOT NULL,
	"legal_name" text NOT NULL,
	"tax_id" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"boat" jsonb NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decline_reason" text,
	"owner_id" uuid,
	"boat_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_applications_status_check" CHECK ("owner_applications"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "owner_applications_kind_check" CHECK ("owner_applications"."kind" in ('person', 'company')),
	CONSTRAINT "owner_applications_decision_check" CHECK (("owner_applications"."status" = 'pending') = ("owner_applications"."decided_at" is null)
        and ("owner_applications"."status" <> 'approved' or ("owner_applications"."owner_id" is not null and "owner_applications"."boat_id" is not null))
        and ("owner_applications"."status" <> 'declined' or "owner_applications"."decline_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "owner_applications" ADD CONSTRAINT "owner_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_applications" ADD CONSTRAINT "owner_applications_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_applications" ADD CONSTRAINT "owner_applications_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_applications_created_idx" ON "owner_applications" USING btree ("created_at");