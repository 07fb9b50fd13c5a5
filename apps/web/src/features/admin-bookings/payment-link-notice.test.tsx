// A booking sent a payment link and not yet paid: the back office says until when the seats are
// held, in Canary time, and resends the link on request; a paid one, or one without a link, says
// nothing of it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBooking } from '@boats/domain/schemas/booking';
import { adminCharter } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { PaymentLinkNotice } from './payment-link-notice';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const UNTIL = '2027-07-10T13:00:00.000Z';
const sentLink = (overrides: Partial<AdminBooking> = {}) =>
  adminCharter({
    status: 'pending',
    holdExpiresAt: UNTIL,
    history: [
      {
        at: '2027-07-10T07:00:00.000Z',
        by: 'crew@example.com',
        from: null,
        to: 'pending',
        code: 'payment_link_sent',
        params: { hours: 6, until: UNTIL, capped: 0 },
        reason: null,
      },
    ],
    ...overrides,
  });

function renderNotice(booking: AdminBooking) {
  render(
    <WithQueryClient>
      <PaymentLinkNotice booking={booking} />
    </WithQueryClient>,
  );
}

describe('payment link notice', () => {
  it('says the link awaits payment until the hold’s end, and resends it', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ holdExpiresAt: UNTIL, email: 'garcia@example.com' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderNotice(sentLink());
    // 14:00 in the Canaries (summer time).
    expect(screen.getByText('Payment link sent, awaiting payment until 10/07/2027 14:00.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend the payment link' }));
    expect(await screen.findByText('The payment link was sent again to garcia@example.com.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says nothing once paid, or for a booking that was not sent a link', () => {
    renderNotice(sentLink({ status: 'paid', holdExpiresAt: null }));
    renderNotice(sentLink({ history: [] }));
    expect(screen.queryByText(/Payment link sent/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend the payment link' })).toBeNull();
  });
});
