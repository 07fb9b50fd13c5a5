ALTER TABLE "owners" ADD COLUMN "aeat_represented_since" date;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "aeat_representation_evidence" text;--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_aeat_representation_check" CHECK (("owners"."aeat_represented_since" is null) = ("owners"."aeat_representation_evidence" is null));