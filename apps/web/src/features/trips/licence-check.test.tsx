// The skipper's licence on the crew's manifest (decision 39): the recorded licence with its
// photo read with the crew's token, confirmed in one press (through the phone's queue, sent at
// once with signal), and a refusal that asks for a reason and says the booking is not refunded.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import type { SkipperLicence } from '@boats/domain/schemas/self-drive';
import { LicenceCheck } from './licence-check';
import { claimCrewOfflineStore, clearCrewOfflineData } from '../../shared/offline/crew-offline-store';
import { crewOffline } from './offline/crew-offline-state';

beforeAll(setupTestI18n);
beforeEach(async () => {
  crewOffline.reset();
  await clearCrewOfflineData();
  await claimCrewOfflineStore('deck@example.com');
});
// jsdom has no object URLs: the photo's blob gets a made-up one, put back after each test.
const objectUrls = {
  createObjectURL: Reflect.get(URL, 'createObjectURL') as unknown,
  revokeObjectURL: Reflect.get(URL, 'revokeObjectURL') as unknown,
};
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.assign(URL, objectUrls);
});

const ID = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const PHOTO = 'evidence-1b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const recorded: SkipperLicence = {
  skipperName: 'Ana García',
  licenceType: 'foreign',
  licenceNumber: 'ICC-77',
  issuingCountry: 'GB',
  photo: PHOTO,
  status: 'recorded',
  recordedBy: 'customer',
  recordedAt: '2027-06-09T10:00:00.000Z',
  checkedAt: null,
  checkedBy: null,
  refusalReason: null,
};
const answer = { required: 'pnb', foreignAccepted: true, editable: false, licence: recorded };

function stubApi(): { url: string; method: string; body: unknown }[] {
  const calls: { url: string; method: string; body: unknown }[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:licence', revokeObjectURL: () => undefined });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (url.endsWith('.webp')) return new Response(new Blob(['webp']), { status: 200 });
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return calls;
}

describe("the crew's licence check", () => {
  it('shows the licence and its photo, and confirms it against the document', async () => {
    const calls = stubApi();
    render(
      <WithQueryClient>
        <LicenceCheck bookingId={ID} licence={recorded} />
      </WithQueryClient>,
    );
    expect(
      screen.getByText('A licence of another country (ICC or national) · ICC-77 · United Kingdom'),
    ).toBeTruthy();
    expect(
      (await screen.findByRole('img', { name: "Photo of the skipper's licence" })).getAttribute('src'),
    ).toBe('blob:licence');
    expect(calls[0]?.url).toBe(`/api/crew/bookings/${ID}/self-drive/photos/${PHOTO}-480.webp`);
    await userEvent.click(screen.getByRole('button', { name: 'Matches the document' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.url.endsWith('/self-drive/licence/confirm'))?.body,
      ).toEqual({
        checkedAt: expect.any(String),
        licenceRecordedAt: recorded.recordedAt,
      }),
    );
    expect(await screen.findByText('Recorded and sent.')).toBeTruthy();
  });

  it('refuses the departure only with a reason, saying nothing is refunded', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    render(
      <WithQueryClient>
        <LicenceCheck bookingId={ID} licence={null} />
      </WithQueryClient>,
    );
    expect(screen.getByText('No licence recorded yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Matches the document' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refuse departure…' }));
    expect(
      screen.getByText(
        'The booking is canceled and nothing is refunded, as the customer accepted at booking.',
      ),
    ).toBeTruthy();
    const refuse = screen.getByRole('button', { name: 'Refuse departure' });
    expect((refuse as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Why (the customer reads it)'), 'No licence with him');
    await user.click(refuse);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'No licence with him' }),
    );
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(
      `/api/crew/bookings/${ID}/self-drive/licence/refuse`,
    );
  });
});
