// The security deposit on the back office's booking: held on the card, the owner keeps part of it
// for damage with a reason (never more than the deposit) or releases it; one the card refused is
// recorded once taken at the harbour.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepositView } from '@boats/domain/schemas/deposit';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { BookingDepositView } from './booking-deposit';

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

function stubServer(answer: DepositView) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    return Promise.resolve(Response.json({ deposit: answer }));
  });
  return calls;
}

function renderDeposit(deposit: DepositView) {
  render(
    <WithQueryClient>
      <BookingDepositView bookingId={ID} deposit={deposit} />
    </WithQueryClient>,
  );
}

describe('the booking’s security deposit in the back office', () => {
  it('says it is held on the card until when, and keeps part of it for damage with the reason', async () => {
    const calls = stubServer({ ...held, status: 'captured', captured: 120.5, reason: 'Bent propeller' });
    renderDeposit(held);
    expect(screen.getByText('€300.00')).toBeTruthy();
    expect(screen.getByText(/held · on the card/)).toBeTruthy();
    expect(screen.getByText(/lapses on 16\/07\/2027 09:00/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Keep for damage' }));
    const submit = screen.getByRole('button', { name: 'Keep this amount' });
    // More than the deposit cannot be sent.
    await user.type(screen.getByLabelText('Amount kept (at most €300.00)'), '300.01');
    await user.type(screen.getByLabelText('What was damaged (the customer reads it)'), 'Bent propeller');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText('Amount kept (at most €300.00)'));
    await user.type(screen.getByLabelText('Amount kept (at most €300.00)'), '120.50');
    await user.click(submit);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: `/api/admin/bookings/${ID}/deposit/capture`,
      body: { amount: 120.5, reason: 'Bent propeller' },
    });
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
