// Step one's state as a pure reducer, so the docs/product.md §4 rules (what clears what) are tested
// without a browser: changing mode clears date, slot and duration; moving the month away from
// the chosen day clears the choice; the clock passing the chosen start clears slot and duration.
import { canaryYearMonth, isPast } from '@boats/domain/canary-time';
import type { Passengers } from '@boats/domain/passengers';
import { emptyPassengers, setAdults, setChildren50, setKidsFree } from '@boats/domain/passengers';
import type { PromoCheckResponse } from '@boats/domain/schemas/promo-codes';
import type { VoucherCheckResponse } from '@boats/domain/schemas/gift-vouchers';

export type Mode = 'private' | 'shared';

export type Selection = {
  mode: Mode;
  year: number;
  month: number;
  date: string | null;
  slotId: string | null;
  slotStart: string | null;
  duration: number | null;
  passengers: Passengers;
  /** Set when the clock cleared the chosen start, so the screen can say why it vanished. */
  startPassed: boolean;
  /** How many of each of the boat's extras, by id (0 or absent: none). */
  extras: Record<string, number>;
  /** The promo code applied on the review step (its terms, as the server answered them). */
  promo: PromoCheckResponse | null;
  /** The gift voucher applied on the review step (its code and balance, as the server answered). */
  voucher: VoucherCheckResponse | null;
  /** The customer confirmed the skipper holds the licence the boat requires (domain licences). */
  licenceConfirmed: boolean;
  /** The customer agreed to the boat's security deposit held on the card (docs/payments.md). */
  depositAccepted?: boolean;
};

export type SelectionAction =
  | { type: 'mode'; mode: Mode }
  | { type: 'month'; year: number; month: number }
  | { type: 'date'; date: string }
  | { type: 'slot'; slotId: string; start: string; duration: number | null }
  | { type: 'duration'; hours: number }
  | { type: 'adults' | 'children50' | 'kidsFree'; count: number }
  | { type: 'extra'; id: string; quantity: number }
  | { type: 'promo'; promo: PromoCheckResponse | null }
  | { type: 'voucher'; voucher: VoucherCheckResponse | null }
  | { type: 'licence'; confirmed: boolean }
  | { type: 'deposit'; accepted: boolean }
  | { type: 'tick'; now: Date };

export function initialSelection(now: Date, mode: Mode = 'private'): Selection {
  const { year, month } = canaryYearMonth(now);
  return {
    mode,
    year,
    month,
    date: null,
    slotId: null,
    slotStart: null,
    duration: null,
    passengers: { ...emptyPassengers },
    startPassed: false,
    extras: {},
    promo: null,
    voucher: null,
    licenceConfirmed: false,
    depositAccepted: false,
  };
}

const cleared = { date: null, slotId: null, slotStart: null, duration: null } as const;

export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'mode':
      return action.mode === state.mode
        ? state
        : { ...state, ...cleared, mode: action.mode, startPassed: false };
    case 'month': {
      const next = { ...state, year: action.year, month: action.month };
      if (!state.date) return next;
      const inMonth = state.date.startsWith(`${action.year}-${String(action.month).padStart(2, '0')}-`);
      return inMonth ? next : { ...next, ...cleared };
    }
    case 'date':
      return action.date === state.date
        ? state
        : { ...state, date: action.date, slotId: null, slotStart: null, duration: null, startPassed: false };
    case 'slot':
      return {
        ...state,
        slotId: action.slotId,
        slotStart: action.start,
        duration: action.duration,
        startPassed: false,
      };
    case 'duration':
      return { ...state, duration: action.hours };
    case 'adults':
      return { ...state, passengers: setAdults(state.passengers, action.count) };
    case 'children50':
      return { ...state, passengers: setChildren50(state.passengers, action.count) };
    case 'kidsFree':
      return { ...state, passengers: setKidsFree(state.passengers, action.count) };
    case 'extra':
      return { ...state, extras: { ...state.extras, [action.id]: Math.max(0, action.quantity) } };
    case 'promo':
      return { ...state, promo: action.promo };
    case 'voucher':
      return { ...state, voucher: action.voucher };
    case 'licence':
      return { ...state, licenceConfirmed: action.confirmed };
    case 'deposit':
      return { ...state, depositAccepted: action.accepted };
    case 'tick':
      if (state.slotStart && isPast(state.slotStart, action.now)) {
        return { ...state, slotId: null, slotStart: null, duration: null, startPassed: true };
      }
      return state;
  }
}
