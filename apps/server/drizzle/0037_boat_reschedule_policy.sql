-- A boat's own reschedule policy (domain reschedule-policy: allowed, hoursBefore, maxTimes, feeCents);
-- null follows the site default.
ALTER TABLE "boats" ADD COLUMN "reschedule_policy" jsonb;