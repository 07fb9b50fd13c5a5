/**
 * What a booking history entry says happened, as a code the back office translates; the
 * entry's params fill the translation (e.g. { amount: 12.5 } for a refund, in euros).
 */
export const HISTORY_CODES = [
  'checkout_started',
  'payment_setup_failed',
  'released',
  'hold_expired',
  'payment_succeeded',
  // Request-to-book: the card was authorized, not charged; the owner decides (docs/payments.md#request-to-book).
  'payment_authorized',
  // The owner accepted: the authorization was captured.
  'request_accepted',
  // The owner declined (the reason as typed); the authorization is canceled.
  'request_declined',
  // Nobody answered by the deadline (params.deadline); the authorization is canceled.
  'request_expired',
  // The customer withdrew the request before the owner answered; the authorization is canceled.
  'request_withdrawn',
  // The owner accepted but the card provider refused the capture; nothing was charged.
  'capture_failed',
  'late_payment',
  'operator_confirmed',
  'operator_canceled',
  'customer_canceled',
  'refunded',
  'trip_ended',
  // The whole trip was canceled: params.cause is 'weather' (the operator) or 'minimum' (the cutoff).
  'trip_canceled',
  // The customer moved from a canceled trip to another trip of the boat (params.from, params.to:
  // starts; params.replacedCodes: the voided tickets' codes, space-separated, so a scan of an old
  // ticket answers "replaced").
  'trip_moved',
  // The customer moved their paid booking to another trip of the boat under its reschedule policy
  // (params.from, params.to, params.replacedCodes as for trip_moved; params.fee, params.difference:
  // euros, the difference paid (> 0) or refunded (< 0)).
  'rescheduled',
  // A hold for a change of date to a dearer trip (params.booking: the booking it would move): the
  // new trip's seats or hours held while the customer pays the difference by card.
  'reschedule_held',
  // That hold's difference was paid: the booking moved (its own entry is `rescheduled`), the hold
  // gives its seats or hours back to it.
  'reschedule_paid',
  // A staff member booked a walk-in or phone customer (params.method: how they pay).
  'operator_booked',
  // An agent booked its customer, paid in cash to the agent (params.agent: the agent's name).
  'agent_booked',
  // A staff member booked the customer and e-mailed them a payment link (params.hours: the hold
  // chosen; params.until: when it ends; params.capped: 1 when the trip's start cut it short).
  'payment_link_sent',
  // A staff member e-mailed the payment link again (params.until: the hold's end, unchanged).
  'payment_link_resent',
  // A staff member recorded money taken in person (params.method: cash, terminal, bank_transfer).
  'payment_recorded',
  // A reseller reserved seats through the OCTO API (params.reseller: its name); the hold lapses
  // at its expiresAt unless the reseller confirms (docs/channels.md#holds-and-the-lifecycle).
  'reseller_reserved',
  // The reseller confirmed: sold on its account (params.reseller).
  'reseller_confirmed',
  // The reseller canceled (params.reseller; params.refundPercent: what goes back on its account).
  'reseller_canceled',
  // A self-drive booking's skipper licence was recorded (by the customer or crew; params.licence:
  // its type), confirmed by crew against the document, or refused: the departure refused, the
  // booking canceled with crew's reason, nothing refunded (docs/decisions/0039).
  'licence_recorded',
  'licence_confirmed',
  'licence_refused',
  // Crew recorded the boat's condition (params.phase: departure or return), signed by the customer.
  'condition_recorded',
  // A damage claim against the deposit (docs/decisions/0040): filed by the owner (params.amount,
  // euros), accepted or disputed by the customer, expired unanswered (captured), decided by the
  // admin on a dispute (params.amount kept, 0: released; the reason), or lapsed with the card.
  'deposit_claimed',
  'claim_accepted',
  'claim_disputed',
  'claim_expired',
  'claim_decided',
  'claim_lapsed',
  // Money went back (params.amount, euros; the refund's reason): not a stored entry, the back
  // office reads it from the ledger's refunds, partial or full, beside the status changes.
  'refund_issued',
] as const;
export type HistoryCode = (typeof HISTORY_CODES)[number];
