// For component tests, in November (Canary time = UTC): a small boat with one day of slots, and
// bookings as the back office's list answers them.
import type { AdminBoat, Boat } from '@boats/domain/schemas/boat';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import type { Reseller } from '@boats/domain/schemas/resellers';
import type { Slot } from '@boats/domain/schemas/slot';

export const NOW = new Date('2026-11-21T12:00:00Z');

export const boat: Boat = {
  _id: '00000000-0000-4000-8000-000000000001',
  title: 'Test RIB',
  description: 'A test boat',
  images: [],
  port: { name: 'Los Gigantes', address: 'Harbour road' },
  capacity: 12,
  minDurationHours: 1,
  maxDurationHours: 4,
  verified: true,
  isActive: true,
  requiresLicense: false,
  geoNote: '',
  inclusions: ['skipper'],
  pricing: { perHour: 150, halfDay: null, perDay: null, halfDayHours: 4, fullDayHours: 8 },
  shared: { pricing: { perHour: 25 }, minSeatsToDepart: 2 },
};

/** The boat as the back office answers it: an owner's draft still without photos. */
export const adminBoat: AdminBoat = {
  ...boat,
  isActive: false,
  upcomingBookings: 0,
  listing: 'draft',
  missing: ['photos'],
  ownerName: 'Marlin Charters',
  ownerSuspended: false,
  resellersAllowed: true,
  resellerCommissionBearer: 'proportional',
};

function slot(
  id: string,
  type: 'private' | 'shared',
  start: string,
  end: string,
  extra: Partial<Slot> = {},
): Slot {
  return {
    _id: id,
    type,
    start,
    end,
    isOpen: true,
    seatPrice: type === 'shared' ? 25 : 0,
    seatsTotal: type === 'shared' ? 12 : 0,
    seatsTaken: 0,
    seatsLeft: type === 'shared' ? 3 : 0,
    ...extra,
  };
}

export const availability = {
  private: [
    slot('p13', 'private', '2026-11-25T13:00:00Z', '2026-11-25T14:00:00Z'),
    slot('p14', 'private', '2026-11-25T14:00:00Z', '2026-11-25T15:00:00Z'),
    slot('p15', 'private', '2026-11-25T15:00:00Z', '2026-11-25T16:00:00Z'),
    // 16:00 is taken, so the chain from 13:00 stops at 3 hours.
    slot('p16', 'private', '2026-11-25T16:00:00Z', '2026-11-25T17:00:00Z', { available: false }),
  ],
  // Runs from the boat's 2 paid seats; no cutoff, so a booking must reach them itself.
  shared: [
    slot('s10', 'shared', '2026-11-26T10:00:00Z', '2026-11-26T12:00:00Z', {
      minimum: { seats: 2, paidSeatsSold: 0, cutoffAt: null },
    }),
  ],
};

/** A paid shared trip of 2.5 hours: three seats (two adults, a child 6–12), confirmed history. */
export function adminBooking(overrides: Partial<AdminBooking> = {}): AdminBooking {
  return {
    _id: '00000000-0000-4000-8000-00000a1b2c3d',
    type: 'shared',
    boat: {
      _id: '00000000-0000-4000-8000-000000000002',
      title: 'Sea Breeze',
      titleI18n: { en: 'Sea Breeze', es: 'Brisa Marina', ru: 'Морской бриз' },
    },
    start: '2026-11-21T10:00:00.000Z',
    end: '2026-11-21T12:30:00.000Z',
    status: 'paid',
    seats: 3,
    people: 3,
    passengers: { adults: 2, child_u13: 1, child_u6: 0 },
    customer: { name: 'Дмитрий Соколов', email: 'dmitry@example.ru', phone: '+79161234567' },
    currency: 'EUR',
    amountGross: 1234.5,
    tickets: [
      { code: 'AAA111', kind: 'seat', seatNo: 1, passengerType: 'adult', pricePaid: 500 },
      { code: 'BBB222', kind: 'seat', seatNo: 2, passengerType: 'adult', pricePaid: 500 },
      { code: 'CCC333', kind: 'seat', seatNo: 3, passengerType: 'child_u13', pricePaid: 234.5 },
    ],
    platformFee: 185.18,
    ownerAmount: 1049.32,
    payment: { received: 1234.5, refunded: 0, total: 1234.5, fee: 185.18 },
    provider: 'sandbox',
    providerPaymentId: 'pi_1',
    history: [
      {
        at: '2026-11-01T09:00:00.000Z',
        by: 'admin@example.com',
        from: 'paid',
        to: 'confirmed',
        code: 'operator_confirmed',
        params: {},
      },
    ],
    choiceDeadline: null,
    requestDecideBy: null,
    channel: { kind: 'site', name: null },
    ...overrides,
  };
}

/** A paid two-hour charter for two adults at 150 € (15 % fee), with no history yet. */
export function adminCharter(overrides: Partial<AdminBooking> = {}): AdminBooking {
  return adminBooking({
    _id: '00000000-0000-4000-8000-0000000000aa',
    type: 'private',
    boat: { _id: '00000000-0000-4000-8000-000000000001', title: 'Sea Breeze' },
    end: '2026-11-21T12:00:00.000Z',
    seats: 0,
    people: 2,
    passengers: { adults: 2, child_u13: 0, child_u6: 0 },
    customer: { name: 'Ana', email: 'ana@example.es', phone: null },
    amountGross: 150,
    tickets: [],
    platformFee: 22.5,
    ownerAmount: 127.5,
    payment: { received: 150, refunded: 0, total: 150, fee: 22.5 },
    history: [],
    ...overrides,
  });
}

/** A reseller as the back office's list answers it: no keys, hooks or limits of its own yet. */
export function reseller(overrides: Partial<Reseller> = {}): Reseller {
  return {
    _id: 'r1',
    name: 'Viator',
    contactName: 'Partner Desk',
    contactEmail: 'desk@viator.example',
    commissionPercent: 20,
    cancellation: 'boat_policy',
    createdAt: '2026-11-01T10:00:00.000Z',
    keys: [],
    webhooks: [],
    webhookSecretSet: false,
    boats: { allOptedIn: false, boatIds: [] },
    billing: { legalName: '', taxId: '', country: '', address: '' },
    holdLimits: {
      maxHeldSharePercent: null,
      maxHeldSeatsPerTrip: null,
      maxSeatsPerReservation: null,
      maxLiveHolds: null,
      maxHoldMinutes: null,
    },
    holdLimitDefaults: {
      maxHeldSharePercent: 70,
      maxHeldSeatsPerTrip: 20,
      maxSeatsPerReservation: 20,
      maxLiveHolds: 100,
      maxHoldMinutes: 60,
    },
    ...overrides,
  };
}
