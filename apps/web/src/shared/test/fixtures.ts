// A small boat with one day of slots, in November (Canary time = UTC), for component tests.
import type { Boat } from '@boats/domain/schemas/boat';
import type { Slot } from '@boats/domain/schemas/slot';

export const NOW = new Date('2026-11-21T12:00:00Z');

export const boat: Boat = {
  _id: 'boat-1',
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
  pricing: { perHour: 150, halfDay: null, perDay: null },
  shared: { pricing: { perHour: 25 }, minSeatsToDepart: 2 },
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
  shared: [slot('s10', 'shared', '2026-11-26T10:00:00Z', '2026-11-26T12:00:00Z')],
};
