// The time a crew member's phone says something was done at the harbour (docs/decisions/0039,
// "Without signal, as check-in"): a record made without signal arrives later with it, and is
// taken up to OFFLINE_CHECKIN_MAX_AGE_HOURS late, as a check-in is.
import { OFFLINE_CHECKIN_MAX_AGE_HOURS } from '@boats/domain/checkin-verdict';
import { invalidField } from '../../http/errors';

const MAX_AGE_MS = OFFLINE_CHECKIN_MAX_AGE_HOURS * 3_600_000;
/** A phone's clock a little ahead of the server's is no reason to refuse. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** The phone's time, or a 400 naming `field` with `code` when it is too old or ahead. */
export function phoneTime(value: string, now: Date, field: string, code: string): Date {
  const at = new Date(value);
  if (at.getTime() > now.getTime() + CLOCK_SLACK_MS || now.getTime() - at.getTime() > MAX_AGE_MS)
    throw invalidField(field, code, 'This record is too old to be sent, or dated ahead.');
  return at;
}
