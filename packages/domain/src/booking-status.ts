/**
 * Booking life cycle. The server runs every status change through assertTransition, inside
 * the transaction that records it; the admin UI offers only what adminActionsFor allows.
 */

export const BOOKING_STATUSES = [
  'pending',
  'requested',
  'paid',
  'confirmed',
  'completed',
  'canceled',
  'refunded',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['requested', 'paid', 'canceled'], // card authorized (request-to-book); payment; hold expired or admin
  // The owner accepts (the payment is captured), or declines, or lets it lapse (authorization canceled).
  requested: ['paid', 'canceled'],
  paid: ['confirmed', 'canceled', 'completed'],
  confirmed: ['canceled', 'completed'],
  completed: [],
  canceled: ['refunded'],
  refunded: [],
};

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Refused status change. The server answers 409 with `code` so clients can tell it apart. */
export class TransitionError extends Error {
  readonly code = 'invalidTransition' as const;
  readonly httpStatus = 409 as const;
  constructor(
    readonly from: BookingStatus,
    readonly to: BookingStatus,
  ) {
    super(`A ${from} booking cannot become ${to}`);
    this.name = 'TransitionError';
  }
}

export function assertTransition(from: BookingStatus, to: BookingStatus): void {
  if (!canTransition(from, to)) throw new TransitionError(from, to);
}

export const ADMIN_ACTIONS = ['confirm', 'cancel', 'refund'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_ACTION_TARGET: Record<AdminAction, BookingStatus> = {
  confirm: 'confirmed',
  cancel: 'canceled',
  refund: 'refunded',
};

/** Buttons shown on a booking row, in display order. */
export function adminActionsFor(status: BookingStatus): AdminAction[] {
  // A request is decided by its owner's accept or decline (docs/payments.md#request-to-book),
  // never canceled outright.
  if (status === 'requested') return [];
  return ADMIN_ACTIONS.filter((action) => canTransition(status, ADMIN_ACTION_TARGET[action]));
}

/**
 * Sold bookings: their seats or hours are taken for good, their tickets board, and their money
 * counts as revenue (docs/product.md §9).
 */
export const REVENUE_STATUSES = [
  'paid',
  'confirmed',
  'completed',
] as const satisfies readonly BookingStatus[];

export function isRevenueStatus(status: string): boolean {
  return (REVENUE_STATUSES as readonly string[]).includes(status);
}

/**
 * Bookings whose seats or hours nobody else can take: the sold ones, and a request-to-book
 * waiting for its owner (its card authorized, not charged) until it is decided.
 */
export const OCCUPYING_STATUSES = [
  'requested',
  ...REVENUE_STATUSES,
] as const satisfies readonly BookingStatus[];

/**
 * Sold bookings whose trip is still ahead: the customer may cancel them (by the policy), the
 * reminder goes to them, and the trip's end completes them.
 */
export const UPCOMING_STATUSES = ['paid', 'confirmed'] as const satisfies readonly BookingStatus[];

export function isUpcomingStatus(status: string): boolean {
  return (UPCOMING_STATUSES as readonly string[]).includes(status);
}
