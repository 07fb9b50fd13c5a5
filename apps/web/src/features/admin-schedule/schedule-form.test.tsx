// The weekly form starts from the boat picked: only the kinds of trip it sells, its seats, its
// seat price and a trip length it allows.
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import type { ScheduleBoat } from './api/get-schedule-boats';
import { ScheduleForm } from './schedule-form';

beforeAll(setupTestI18n);

const boat = (over: Partial<ScheduleBoat>): ScheduleBoat => ({
  _id: '00000000-0000-4000-8000-000000000001',
  title: 'Catamaran',
  capacity: 12,
  minDurationHours: 2,
  maxDurationHours: 8,
  pricing: { perHour: 300 },
  shared: { pricing: { perHour: 40 } },
  ...over,
});

function renderForm(b: ScheduleBoat) {
  render(
    <WithQueryClient>
      <ScheduleForm boat={b} />
    </WithQueryClient>,
  );
  const type = screen.getByLabelText('Type') as HTMLSelectElement;
  return {
    type,
    kinds: within(type)
      .getAllByRole('option')
      .map((o) => o.textContent),
  };
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('weekly schedule form', () => {
  it('prefills a shared trip with the boat’s seats and seat price', () => {
    const { type, kinds } = renderForm(boat({}));
    expect(kinds).toEqual(['Shared trip (seats)', 'Private charter']);
    expect(type.value).toBe('shared');
    expect(valueOf('Seats')).toBe('12');
    expect(valueOf('Seat price per hour (€)')).toBe('40');
    expect(valueOf('Duration (hours)')).toBe('3');
  });

  it('offers only charters for a boat without a seat price, and no seat fields', () => {
    const { type, kinds } = renderForm(boat({ shared: { pricing: { perHour: 0 } }, minDurationHours: 4 }));
    expect(kinds).toEqual(['Private charter']);
    expect(type.value).toBe('private');
    expect(screen.queryByLabelText('Seats')).toBeNull();
    // Three hours is shorter than this boat's shortest trip.
    expect(valueOf('Duration (hours)')).toBe('4');
  });

  it('offers only shared trips for a boat without a charter price', () => {
    const { kinds } = renderForm(boat({ pricing: { perHour: 0 }, maxDurationHours: 2 }));
    expect(kinds).toEqual(['Shared trip (seats)']);
    expect(valueOf('Duration (hours)')).toBe('2');
  });
});
