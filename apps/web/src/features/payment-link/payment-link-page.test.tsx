// The payment link's page, read by a customer who may be in another zone: the trip's times and
// the end of the hold say they are Canary time.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import i18n from 'i18next';
import type { PaymentLinkView } from '@boats/domain/schemas/payment-link';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import PaymentLinkPage from './payment-link-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const lapsed: PaymentLinkView = {
  state: 'lapsed',
  bookingId: '00000000-0000-4000-8000-000000000001',
  checkoutKey: 'k-1',
  ref: 'AB12CD34',
  boatId: '00000000-0000-4000-8000-0000000000b1',
  boatTitle: { en: 'Sea Breeze' },
  mode: 'shared',
  // 09:00Z in July is 10:00 in the Canaries (UTC+1 in summer).
  start: '2026-07-14T09:00:00.000Z',
  end: '2026-07-14T12:00:00.000Z',
  passengers: { adults: 2, children50: 0, kidsFree: 0 },
  amount: 12_000,
  holdExpiresAt: '2026-07-12T16:30:00.000Z',
  customer: { name: 'Ana', email: 'ana@example.com', phone: '' },
  intent: null,
};

function open() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(lapsed), { status: 200 })),
  );
  render(
    <WithQueryClient>
      <MemoryRouter initialEntries={['/pay?booking=b&token=t']}>
        <PaymentLinkPage />
      </MemoryRouter>
    </WithQueryClient>,
  );
}

describe('the payment link page', () => {
  it('says the trip’s times and the end of the hold are Canary time', async () => {
    open();
    expect(await screen.findByText('10:00–13:00 (Canary time)')).toBeTruthy();
    expect(screen.getByText(/the hold ended at 17:30 on 12\/07\/2026 \(Canary Islands time\)/)).toBeTruthy();
  });

  it('in German too', async () => {
    await i18n.changeLanguage('de');
    open();
    expect(await screen.findByText('10:00–13:00 (kanarische Zeit)')).toBeTruthy();
    expect(screen.getByText(/endete um 17:30 Uhr am 12\.07\.2026 \(Kanarenzeit\)/)).toBeTruthy();
  });
});
