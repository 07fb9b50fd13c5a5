ALTER TABLE "boat_history" DROP CONSTRAINT "boat_history_action_check";--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "boats" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: a boat switched off ("Active" unticked) was its owner's pause, now a fact of its own.
UPDATE "boats" SET "paused_at" = "updated_at" WHERE NOT "is_active";--> statement-breakpoint
ALTER TABLE "boats" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "boat_history" ADD CONSTRAINT "boat_history_action_check" CHECK ("boat_history"."action" in ('created', 'edited', 'archived', 'restored', 'published', 'unpublished', 'suspended', 'unsuspended', 'submitted', 'withdrawn', 'sent_back', 'paused', 'resumed', 'instant_forced', 'instant_released'));