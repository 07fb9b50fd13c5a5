/**
 * How long an unpaid sale keeps its seats or charter hours from everyone else, for every channel
 * (docs/payments.md#how-long-a-sale-holds), and the one cap they share: a hold never outlives the
 * trip's start. A payment link ends earlier still, PAYMENT_LINK_MARGIN_MINUTES before the start,
 * so the crew knows who has paid before boarding.
 */

const MINUTE_MS = 60_000;

/** The hold lengths staff choose from for a payment link, in hours. */
export const PAYMENT_LINK_HOLD_HOURS = [1, 6, 24] as const;

/** A payment link's hold ends at the latest this long before the trip starts. */
const PAYMENT_LINK_MARGIN_MINUTES = 30;

/** A link whose hold would end sooner than this is not worth sending: take the money in person. */
const PAYMENT_LINK_MIN_MINUTES = 10;

/** A reseller's reservation when it names no expiry (OCTO's expirationMinutes). */
export const RESELLER_DEFAULT_HOLD_MINUTES = 30;

/** A sale paid in person: its money is recorded in the transaction that holds, so this is a bound, never waited out. */
const IN_PERSON_HOLD_MINUTES = 5;

export type Hold =
  /** The site's checkout, the customer's date change and a waitlist offer: the configured minutes. */
  | { channel: 'checkout' | 'reschedule' | 'waitlist'; minutes: number }
  /** Cash or card at the harbour, or an agent's cash. */
  | { channel: 'inPerson' }
  /** Staff e-mail a link to pay by card: the hours they chose. */
  | { channel: 'paymentLink'; hours: number }
  /** A reseller's reservation: the minutes it asked, or RESELLER_DEFAULT_HOLD_MINUTES. */
  | { channel: 'reseller'; minutes?: number | undefined };

export type HoldEnd =
  | { ok: true; expiresAt: Date; capped: boolean }
  /** A payment link too close to the trip to be paid in time (at least PAYMENT_LINK_MIN_MINUTES). */
  | { ok: false; latest: Date };

function wantedMinutes(hold: Hold): number {
  switch (hold.channel) {
    case 'inPerson':
      return IN_PERSON_HOLD_MINUTES;
    case 'paymentLink':
      return hold.hours * 60;
    case 'reseller':
      return hold.minutes ?? RESELLER_DEFAULT_HOLD_MINUTES;
    default:
      return hold.minutes;
  }
}

/** When a hold taken at `now` on a trip starting at `startsAt` ends, and whether the start cut it short. */
export function holdEnd(hold: Hold, now: Date, startsAt: Date): HoldEnd {
  const wanted = now.getTime() + wantedMinutes(hold) * MINUTE_MS;
  const margin = hold.channel === 'paymentLink' ? PAYMENT_LINK_MARGIN_MINUTES : 0;
  const latest = startsAt.getTime() - margin * MINUTE_MS;
  if (hold.channel === 'paymentLink' && latest - now.getTime() < PAYMENT_LINK_MIN_MINUTES * MINUTE_MS) {
    return { ok: false, latest: new Date(latest) };
  }
  return wanted <= latest
    ? { ok: true, expiresAt: new Date(wanted), capped: false }
    : { ok: true, expiresAt: new Date(latest), capped: true };
}

/** The end of a hold that cannot be refused (every channel but a payment link). */
export function heldUntil(hold: Exclude<Hold, { channel: 'paymentLink' }>, now: Date, startsAt: Date): Date {
  const end = holdEnd(hold, now, startsAt);
  return end.ok ? end.expiresAt : startsAt;
}
