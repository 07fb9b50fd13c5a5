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
  'late_payment',
  'operator_confirmed',
  'operator_canceled',
  'refunded',
  'trip_ended',
] as const;
export type HistoryCode = (typeof HISTORY_CODES)[number];
