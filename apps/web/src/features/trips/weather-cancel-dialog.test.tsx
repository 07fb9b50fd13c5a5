// The operator's weather cancellation of a trip with a request-to-book waiting for its owner: the
// dialog lists the request as not charged beside the paid booking, counts both as affected and
// e-mailed, and its report counts the request apart from the refunds. What the server does with
// them (the authorization let go, nothing refunded, the customer told in their language) is
// apps/server/test/api/trip-cancellation/request-trip-cancellation.test.ts.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TripCancelPreview, TripCancelReport } from '@boats/domain/schemas/trip-cancellation';
import type { ManifestBooking } from '@boats/domain/schemas/trips';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WeatherCancelDialog } from './weather-cancel-dialog';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const SLOT = '00000000-0000-4000-8000-000000000011';
const PAID = '00000000-0000-4000-8000-0000000000a1';
const REQUEST = '00000000-0000-4000-8000-0000000000b2';

const paidBooking: ManifestBooking = {
  bookingId: PAID,
  ref: '000000A1',
  status: 'confirmed',
  customerName: 'Accepted Ana',
  customerPhone: '+34600100500',
  customerEmail: 'ana@example.com',
  language: 'en',
  adults: 2,
  children50: 0,
  kidsFree: 0,
  amountPaid: 60,
  tickets: [],
};

const preview: TripCancelPreview = {
  minimumHours: 12,
  customers: [
    {
      bookingId: PAID,
      ref: '000000A1',
      customerName: 'Accepted Ana',
      paid: 60,
      choiceDeadline: null,
      trips: 0,
      request: false,
    },
    {
      bookingId: REQUEST,
      ref: '000000B2',
      customerName: 'Olga',
      paid: 0,
      choiceDeadline: null,
      trips: 0,
      request: true,
    },
  ],
};

const report: TripCancelReport = {
  cause: 'weather',
  offer: 'refund',
  reasonCode: 'wind',
  reason: '',
  createdAt: '2027-07-10T07:00:00.000Z',
  bookings: [
    { bookingId: PAID, ref: '000000A1', customerName: 'Accepted Ana', paid: 60, state: 'refunded' },
    { bookingId: REQUEST, ref: '000000B2', customerName: 'Olga', paid: 0, state: 'not_charged' },
  ],
  totals: { canceled: 2, moved: 0, refunded: 1, waiting: 0, failed: 0, notCharged: 1 },
};

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );

describe('weather cancellation with a request waiting', () => {
  it('lists the request as not charged, e-mails both customers and reports the request apart', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://localhost').pathname;
        const method = init?.method ?? 'GET';
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        sent.push({ method, path, body });
        if (path.endsWith('/cancel/preview')) return json(preview);
        if (path.endsWith('/cancel')) return json({ canceled: 2, refunded: 1, emailed: 2 });
        return json(report);
      }),
    );
    const user = userEvent.setup();
    render(
      <WithQueryClient>
        <WeatherCancelDialog open onClose={vi.fn()} slotId={SLOT} bookings={[paidBooking]} />
      </WithQueryClient>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this trip' });
    const line = (name: string) =>
      within(dialog)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes(name));
    expect(
      await within(dialog).findByText('request awaiting its owner: card not charged, the hold is released'),
    ).toBeTruthy();
    expect(line('Olga')?.textContent).toContain('request awaiting its owner: card not charged');
    expect(line('Accepted Ana')?.textContent).toContain('€60');
    expect(within(dialog).getByText('2 bookings affected')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('Strong wind'));
    await user.click(within(dialog).getByLabelText('Refund everyone now'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the trip and e-mail 2 customers' }));

    expect(await within(dialog).findByText('The trip is canceled.')).toBeTruthy();
    expect(await within(dialog).findByText('1 refunded')).toBeTruthy();
    expect(within(dialog).getByText('1 request canceled: card not charged')).toBeTruthy();
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({
      path: `/api/admin/trips/${SLOT}/cancel`,
      body: { reasonCode: 'wind', offer: 'refund' },
    });
  });
});
