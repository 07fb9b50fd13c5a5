CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'running' NOT NULL,
	"error" text,
	CONSTRAINT "job_runs_outcome_check" CHECK ("job_runs"."outcome" in ('running', 'succeeded', 'failed', 'timed_out'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"every_seconds" integer NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "job_runs_job_started_idx" ON "job_runs" USING btree ("job","started_at");--> statement-breakpoint
CREATE INDEX "job_runs_errors_idx" ON "job_runs" USING btree ("started_at") WHERE "job_runs"."outcome" in ('failed', 'timed_out');--> statement-breakpoint
CREATE INDEX "job_runs_started_idx" ON "job_runs" USING btree ("started_at");