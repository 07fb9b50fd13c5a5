// The boat picker says a boat's price as the fleet's cards do: "from €150 per hour" for a
// charter, "€50 per adult, 2 h" for a seat on a shared trip, never "€150.00/h".
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import type { Boat } from '@boats/domain/schemas/boat';
import { boatsQueryOptions } from '../../shared/api/get-boats';
import { boat } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { testQueryClient, WithQueryClient } from '../../shared/test/with-query-client';
import { BoatPicker } from './boat-picker';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const seatsOnly: Boat = {
  ...boat,
  _id: '00000000-0000-4000-8000-0000000000b2',
  title: 'Sea Shuttle',
  pricing: { ...boat.pricing, perHour: 0 },
  offers: { charter: false, shared: true, sharedHours: 2, seatFromPerHour: 25 },
};

function renderPicker(sharedOnly = false) {
  const client = testQueryClient();
  client.setQueryData(boatsQueryOptions().queryKey, [boat, seatsOnly]);
  render(
    <WithQueryClient client={client}>
      <BoatPicker sharedOnly={sharedOnly} onPick={() => undefined} />
    </WithQueryClient>,
  );
}

const priceOf = (title: string) => screen.getByRole('button', { name: new RegExp(title) }).textContent;

describe('the boat picker for shared trips (/booking?mode=tickets)', () => {
  it('says so in its title and lists only the boats that run shared trips', () => {
    const charterOnly: Boat = {
      ...boat,
      _id: '00000000-0000-4000-8000-0000000000c3',
      title: 'Charter Only',
      shared: { ...boat.shared, pricing: { perHour: 0 } },
      offers: { charter: true, shared: false },
    };
    const client = testQueryClient();
    client.setQueryData(boatsQueryOptions().queryKey, [boat, seatsOnly, charterOnly]);
    render(
      <WithQueryClient client={client}>
        <BoatPicker sharedOnly onPick={() => undefined} />
      </WithQueryClient>,
    );
    expect(screen.getByRole('heading', { name: 'Choose a boat for a shared trip' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Sea Shuttle/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Charter Only/ })).toBeNull();
  });
});

describe('the boat picker’s prices', () => {
  it('a charter "from €150 per hour" and a seat "€50 per adult, 2 h", as the cards say them', () => {
    renderPicker();
    expect(priceOf(boat.title)).toContain('from €150 per hour');
    expect(priceOf(boat.title)).not.toContain('€150.00');
    expect(priceOf('Sea Shuttle')).toContain('€50 per adult, 2 h');
  });

  it('for shared trips, what a seat costs, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    renderPicker(true);
    expect(priceOf('Sea Shuttle')).toMatch(/50\s€ por adulto, 2 h/);
    // No trip length known: the seat price per hour, as the cards say it then.
    expect(priceOf(boat.title)).toMatch(/desde 25\s€ por plaza y hora/);
  });
});
