CREATE TABLE "personal_data_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "personal_data_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "personal_data_links_purpose_check" CHECK ("personal_data_links"."purpose" in ('export', 'erasure'))
);
--> statement-breakpoint
ALTER TABLE "erasure_requests" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "personal_data_links_email_idx" ON "personal_data_links" USING btree ("email","created_at");