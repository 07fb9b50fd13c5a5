// The security deposit on the back office's booking: held on the card, the owner claims part of it
// for damage with a note and the return's photos (never more than the deposit) or releases it; a
// claim shows its life; the admin decides a dispute; one the card refused is recorded once taken
// at the harbour.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepositClaimView, DepositView } from '@boats/domain/schemas/deposit';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { BookingDepositView } from './booking-deposit';
import { ClaimDecisionForm } from './claim-decision-form';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const ID = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const held: DepositView = {
  amount: 300,
  status: 'authorised',
  method: 'card',
  holdAt: '2027-07-09T08:00:00.000Z',
  lapsesAt: '2027-07-16T08:00:00.000Z',
  captured: 0,
  reason: null,
  failure: null,
};

const RETURN_PHOTOS = [
  'evidence-11111111-1111-4111-8111-111111111111',
  'evidence-22222222-2222-4222-8222-222222222222',
];
const claim: DepositClaimView = {
  status: 'disputed',
  amount: 120.5,
  note: 'Bent propeller',
  photos: [RETURN_PHOTOS[1]!],
  filedAt: '2027-07-11T09:00:00.000Z',
  answerBy: '2027-07-13T09:00:00.000Z',
  answer: 'It was bent before we left',
  answeredAt: '2027-07-12T09:00:00.000Z',
  decided: null,
  decisionReason: null,
  decidedAt: null,
};

/** The server: the actions' answer, and the return's condition record whose photos a claim picks. */
function stubServer(answer: DepositView) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url.endsWith('/self-drive/condition'))
      return Promise.resolve(
        Response.json({
          checklist: [],
          departure: null,
          return: {
            values: {},
            photos: RETURN_PHOTOS,
            signature: 'M1 1 L2 2 L3 3 L4 4 L5 5 L6 6',
            signedBy: 'Ana',
            recordedAt: '2027-07-10T18:00:00.000Z',
            recordedBy: null,
          },
        }),
      );
    if (url.includes('/photos/')) return Promise.resolve(new Response('', { status: 404 }));
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    return Promise.resolve(Response.json({ deposit: answer, claim: null }));
  });
  return calls;
}

function renderDeposit(deposit: DepositView, extra: { claim?: DepositClaimView; claimUntil?: string } = {}) {
  render(
    <WithQueryClient>
      <BookingDepositView bookingId={ID} deposit={deposit} {...extra} />
    </WithQueryClient>,
  );
}

describe('the booking’s security deposit in the back office', () => {
  it('says it is held on the card until when, and claims part of it for damage with a note and a return photo', async () => {
    const calls = stubServer(held);
    renderDeposit(held, { claimUntil: '2027-07-12T18:00:00.000Z' });
    expect(screen.getByText('€300.00')).toBeTruthy();
    expect(screen.getByText(/held · on the card/)).toBeTruthy();
    expect(screen.getByText(/lapses on 16\/07\/2027 09:00/)).toBeTruthy();
    expect(screen.getByText(/can be made until 12\/07\/2027 19:00/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Claim for damage' }));
    const submit = screen.getByRole('button', { name: 'Send the claim' });
    // More than the deposit cannot be sent, nor a claim without a photo of the return.
    await user.type(screen.getByLabelText('Amount claimed (at most €300.00)'), '300.01');
    await user.type(screen.getByLabelText('What was damaged (the customer reads it)'), 'Bent propeller');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText('Amount claimed (at most €300.00)'));
    await user.type(screen.getByLabelText('Amount claimed (at most €300.00)'), '120.50');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(await screen.findByRole('checkbox', { name: /Photo 2/ }));
    await user.click(submit);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: `/api/admin/bookings/${ID}/deposit/claim`,
      body: { amount: 120.5, note: 'Bent propeller', photos: [RETURN_PHOTOS[1]] },
    });
  });

  it('offers no claim once the window has closed, only the release', () => {
    stubServer(held);
    renderDeposit(held);
    expect(screen.queryByRole('button', { name: 'Claim for damage' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Release in full' })).toBeTruthy();
  });

  it('shows a disputed claim with the customer’s answer, and no release while it is open', () => {
    stubServer(held);
    renderDeposit(held, { claim });
    expect(screen.getByText(/Claimed for damage: €120.50 · disputed by the customer/)).toBeTruthy();
    expect(screen.getByText(/“It was bent before we left”/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release in full' })).toBeNull();
  });

  it('lets the admin decide a dispute from nothing to the amount claimed, with a reason', async () => {
    const decided = vi.fn();
    render(<ClaimDecisionForm claim={claim} pending={false} onDecide={decided} />);
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Decide' });
    await user.type(screen.getByLabelText('Amount kept (0 to €120.50; 0 releases the deposit)'), '130');
    await user.type(screen.getByLabelText('Why (the owner and the customer read it)'), 'Old damage');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText('Amount kept (0 to €120.50; 0 releases the deposit)'));
    await user.type(screen.getByLabelText('Amount kept (0 to €120.50; 0 releases the deposit)'), '0');
    await user.click(submit);
    expect(decided).toHaveBeenCalledWith({ amount: 0, reason: 'Old damage' });
  });

  it('releases it in full', async () => {
    const calls = stubServer({ ...held, status: 'released' });
    renderDeposit(held);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Release in full' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe(`/api/admin/bookings/${ID}/deposit/release`);
  });

  it('records a deposit the card refused as taken at the harbour, by the way it was taken', async () => {
    const calls = stubServer({ ...held, method: 'terminal' });
    renderDeposit({ ...held, status: 'failed', lapsesAt: null, failure: 'authentication_required: …' });
    expect(screen.getByText(/refused by the card/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release in full' })).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Taken at the harbour by'), 'terminal');
    await user.click(screen.getByRole('button', { name: 'Record the deposit taken' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: `/api/admin/bookings/${ID}/deposit/harbour`,
      body: { method: 'terminal' },
    });
  });
});
