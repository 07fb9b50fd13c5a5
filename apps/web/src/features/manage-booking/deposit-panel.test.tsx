// The security deposit on manage my booking: when it is held, what became of it (kept in part, and
// why), for one the card refused, another card; a damage claim with its photos, accepted or
// disputed in writing.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepositClaimView, DepositView as Deposit } from '@boats/domain/schemas/deposit';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { DepositPanel, ManagedDeposit } from './deposit-panel';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const ID = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const deposit: Deposit = {
  amount: 300,
  status: 'scheduled',
  method: 'card',
  holdAt: '2027-07-09T08:00:00.000Z',
  lapsesAt: null,
  captured: 0,
  reason: null,
  failure: null,
};

function renderPanel(d: Deposit) {
  render(
    <WithQueryClient>
      <ManagedDeposit bookingId={ID} token="tok" deposit={d} />
    </WithQueryClient>,
  );
}

describe('the deposit on manage my booking', () => {
  it('says when it is held on the card, in Canary time, and that it is released after the return', () => {
    renderPanel(deposit);
    expect(
      screen.getByText(
        "€300.00, held on your card (not charged) from 09/07/2027 09:00 (Canary Islands time), and released after the boat's return.",
      ),
    ).toBeTruthy();
  });

  it('says how much was kept for damage and why', () => {
    renderPanel({ ...deposit, status: 'captured', captured: 120.5, reason: 'Bent propeller' });
    expect(
      screen.getByText('Of the deposit of €300.00, €120.50 was kept for damage; the rest was released.'),
    ).toBeTruthy();
    expect(screen.getByText('Reason: Bent propeller')).toBeTruthy();
  });

  it('offers another card for a deposit the card refused, as an authorisation of the deposit', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      if (url === '/api/payments/config') return Promise.resolve(Response.json({ provider: 'sandbox' }));
      return Promise.resolve(Response.json({ clientSecret: 'pi_x_secret_y', amount: 300 }));
    });
    renderPanel({ ...deposit, status: 'failed', failure: 'authentication_required: …' });
    expect(
      screen.getByText('Your bank did not let us hold the deposit of €300.00 on your card.'),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Give another card' }));
    await vi.waitFor(() => expect(calls).toContain(`/api/bookings/${ID}/deposit/card`));
    expect(await screen.findByRole('button', { name: /€300\.00/ })).toBeTruthy();
  });

  it('back from the bank page of another card, settles it once and clears the address', async () => {
    const calls: string[] = [];
    const held = { deposit: { ...deposit, status: 'authorised', lapsesAt: '2027-07-16T08:00:00.000Z' } };
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return Promise.resolve(Response.json(held));
    });
    const onReturnTaken = vi.fn();
    render(
      <WithQueryClient>
        <DepositPanel bookingId={ID} token="tok" returned onReturnTaken={onReturnTaken} />
      </WithQueryClient>,
    );
    expect(await screen.findByText(/€300\.00 is held \(not charged\)/)).toBeTruthy();
    await vi.waitFor(() => expect(onReturnTaken).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c === `POST /api/bookings/${ID}/deposit/confirm`)).toHaveLength(1);
  });

  it('shows a damage claim with its return photo and note, and sends the customer’s dispute in writing', async () => {
    const claim: DepositClaimView = {
      status: 'open',
      amount: 120.5,
      note: 'Bent propeller',
      photos: ['evidence-22222222-2222-4222-8222-222222222222'],
      filedAt: '2027-07-11T09:00:00.000Z',
      answerBy: '2027-07-13T09:00:00.000Z',
      answer: null,
      answeredAt: null,
      decided: null,
      decisionReason: null,
      decidedAt: null,
    };
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(init?.body as string) });
      return Promise.resolve(
        Response.json({
          deposit: { ...deposit, status: 'authorised' },
          claim: { ...claim, status: 'disputed' },
        }),
      );
    });
    render(
      <WithQueryClient>
        <ManagedDeposit
          bookingId={ID}
          token="tok"
          deposit={{ ...deposit, status: 'authorised' }}
          claim={claim}
        />
      </WithQueryClient>,
    );
    expect(screen.getByText('The owner claims €120.50 of the deposit for damage.')).toBeTruthy();
    expect(screen.getByText("The owner's note: Bent propeller")).toBeTruthy();
    const photo = screen.getByRole('img', { name: 'Photo of the boat at its return' });
    expect(photo.getAttribute('src')).toContain(`/api/bookings/${ID}/self-drive/photos/${claim.photos[0]}`);
    expect(screen.getByText(/until 13\/07\/2027 10:00 \(Canary Islands time\)/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dispute it' }));
    await user.type(
      screen.getByLabelText('Why you disagree (the platform reads it)'),
      'It was bent before we left',
    );
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: `/api/bookings/${ID}/deposit/claim/answer`,
      body: { token: 'tok', decision: 'dispute', answer: 'It was bent before we left' },
    });
  });
});
