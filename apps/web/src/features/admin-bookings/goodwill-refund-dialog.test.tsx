// What the operator meets when a trip that sails gets a goodwill gesture: at most a cent less than
// the booking holds (all of it is a cancellation), a reason the customer will read, the server's
// refusals on the fields or above the button, and the result once it went through.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBooking, AdminBookingDetails } from '@boats/domain/schemas/booking';
import { adminCharter } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { GoodwillRefundDialog } from './goodwill-refund-dialog';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

// Paid €100, nothing refunded: a gesture gives back at most €99.99.
const booking = adminCharter({
  _id: '00000000-0000-4000-8000-0000000000cc',
  status: 'paid',
  amountGross: 100,
  platformFee: 15,
  ownerAmount: 85,
  payment: { received: 100, refunded: 0, total: 100, fee: 15 },
});
const details: AdminBookingDetails = {
  ...booking,
  payments: [
    {
      provider: 'sandbox',
      providerId: 'pi_1',
      method: 'card',
      recordedBy: null,
      amount: 100,
      status: 'succeeded',
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ],
  refunds: [],
  netReceived: 100,
};
const afterGesture: AdminBooking = {
  ...booking,
  platformFee: 10.5,
  ownerAmount: 59.5,
  payment: { received: 100, refunded: 30, total: 100, fee: 10.5 },
};

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
const text = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');

/** The details answer every GET; the refund call answers `answers` in turn. */
function renderDialog(answers: (() => Promise<Response>)[], of: AdminBooking = booking) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST' && url.endsWith(`/api/admin/bookings/${of._id}/refund`)) {
        sent.push(JSON.parse(init.body as string));
        return answers.shift()!();
      }
      return json(200, { ...details, ...of });
    }),
  );
  render(
    <WithQueryClient>
      <GoodwillRefundDialog booking={of} onClose={vi.fn()} />
    </WithQueryClient>,
  );
  return sent;
}

describe('goodwill refund dialog', () => {
  it('allows less than the booking holds and asks why, before sending anything', async () => {
    const user = userEvent.setup();
    const sent = renderDialog([]);
    expect(screen.getByRole('heading', { name: 'Goodwill refund on booking #000000CC' })).toBeTruthy();
    expect(text(screen.getByText(/less than the booking holds\./).textContent)).toBe(
      'At most €99.99: less than the booking holds.',
    );
    await user.type(screen.getByLabelText('Amount to refund (EUR)'), '100');
    await user.click(screen.getByRole('button', { name: 'Refund as a goodwill gesture' }));
    expect(text((await screen.findByText(/^At most €99\.99$/)).textContent)).toBe('At most €99.99');
    expect(screen.getByText('Required')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('puts the server’s refusals on the field or above the button, then shows what was done', async () => {
    const user = userEvent.setup();
    const sent = renderDialog([
      () =>
        json(400, {
          error: 'validation',
          message: 'A goodwill refund needs a reason: the customer reads it in the refund’s e-mail.',
          fields: [{ path: 'body.reason', message: 'validation.required' }],
        }),
      () =>
        json(409, {
          error: 'goodwill_is_cancellation',
          message: 'Refunding all of it is a cancellation: cancel the booking, then refund it.',
        }),
      () => json(200, afterGesture),
    ]);
    await user.type(screen.getByLabelText('Amount to refund (EUR)'), '30');
    await user.type(screen.getByLabelText('Why (the customer reads it)'), '  No snorkel gear on board ');
    const submit = screen.getByRole('button', { name: 'Refund as a goodwill gesture' });
    await user.click(submit);
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByLabelText('Why (the customer reads it)').getAttribute('aria-invalid')).toBe('true');

    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Refunding all of it is a cancellation');

    await user.click(submit);
    expect(text((await screen.findByRole('status')).textContent)).toBe(
      '€30.00 refunded as a goodwill gesture. The booking now holds €70.00, and the customer gets an e-mail with your reason.',
    );
    expect(screen.getByText('The booking stands: its seats and tickets are unchanged.')).toBeTruthy();
    expect(sent).toEqual([
      { amount: 30, reason: 'No snorkel gear on board' },
      { amount: 30, reason: 'No snorkel gear on board' },
      { amount: 30, reason: 'No snorkel gear on board' },
    ]);
  });

  it('after the trip, allows all the booking holds, in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderDialog([], { ...booking, status: 'completed' });
    await waitFor(() =>
      expect(text(screen.getByText(/lo que conserva la reserva\./).textContent)).toBe(
        'Como máximo 100,00 €, lo que conserva la reserva.',
      ),
    );
    expect(screen.getByText('La salida ya se ha realizado. La reserva conserva 100,00 €.')).toBeTruthy();
  });
});
