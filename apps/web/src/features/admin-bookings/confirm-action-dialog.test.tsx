// What the operator meets before a cancel or a refund: the refund starts at the net the ledger
// says was received (after an earlier partial refund, less than the price), a lower amount is
// fine, more is refused, and no action goes without a reason.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBookingDetails } from '@boats/domain/schemas/booking';
import { adminCharter } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

// Canceled after 240 € was paid, 100 € already refunded: 140 € left to refund.
const booking = adminCharter({
  _id: '00000000-0000-4000-8000-0000000000bb',
  status: 'canceled',
  amountGross: 240,
  platformFee: 21,
  ownerAmount: 119,
  payment: { received: 240, refunded: 100, total: 240, fee: 21 },
});
const details: AdminBookingDetails = {
  ...booking,
  payments: [
    {
      provider: 'sandbox',
      providerId: 'pi_1',
      method: 'card',
      recordedBy: null,
      amount: 240,
      status: 'succeeded',
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ],
  refunds: [
    {
      amount: 100,
      status: 'succeeded',
      reason: 'Goodwill',
      actor: 'admin@example.com',
      createdAt: '2026-11-02T10:00:00.000Z',
    },
  ],
  netReceived: 140,
};

const text = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');

function renderDialog(action: 'cancel' | 'refund', answer: AdminBookingDetails = details) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
  const onConfirm = vi.fn();
  render(
    <WithQueryClient>
      <ConfirmActionDialog action={action} booking={booking} onConfirm={onConfirm} onClose={vi.fn()} />
    </WithQueryClient>,
  );
  return onConfirm;
}

describe('refund dialog', () => {
  it('starts at the net received and says so', async () => {
    renderDialog('refund');
    expect(screen.getByRole('heading', { name: 'Refund booking #000000BB?' })).toBeTruthy();
    const amount = screen.getByLabelText('Amount to refund (EUR)') as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('140'));
    expect(text(screen.getByText(/the net received\./).textContent)).toBe(
      'At most €140.00, the net received.',
    );
  });

  it('says a net with cents to the cent, never rounded up to more than can be refunded', async () => {
    renderDialog('refund', { ...details, netReceived: 120.5 });
    const amount = screen.getByLabelText('Amount to refund (EUR)') as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('120.5'));
    expect(text(screen.getByText(/the net received\./).textContent)).toBe(
      'At most €120.50, the net received.',
    );
  });

  it('refuses more than the net and a missing reason, then sends a partial refund with its reason', async () => {
    const user = userEvent.setup();
    const onConfirm = renderDialog('refund');
    const amount = screen.getByLabelText('Amount to refund (EUR)') as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('140'));

    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(text((await screen.findByText(/\(the net received\)/)).textContent)).toBe(
      'At most €140.00 (the net received)',
    );
    expect(screen.getByText('Required')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '50');
    await user.type(screen.getByLabelText('Reason'), '  Came late, half back  ');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith({ reason: 'Came late, half back', amount: 50 }),
    );
  });
});

describe('refund dialog in Spanish', () => {
  it('says the net and refuses more in the Spanish format, never "€140.00"', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    renderDialog('refund');
    const amount = screen.getByLabelText('Importe a reembolsar (EUR)') as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('140'));
    expect(text(screen.getByText(/lo recibido neto\./).textContent)).toBe(
      'Como máximo 140,00 €, lo recibido neto.',
    );

    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
    expect(text((await screen.findByText(/\(lo recibido neto\)/)).textContent)).toBe(
      'Como máximo 140,00 € (lo recibido neto)',
    );
    expect(document.body.textContent).not.toContain('€140');
  });
});

describe('cancel dialog', () => {
  it('keeps the note apart from the message, requires the note, and shows the message before it is sent', async () => {
    const user = userEvent.setup();
    const onConfirm = renderDialog('cancel');
    expect(screen.queryByLabelText('Amount to refund (EUR)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel the booking' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Internal note (why)'), 'Engine fault');
    const preview = screen.getByRole('region', { name: 'What the customer receives' });
    expect(preview.textContent).toContain('No message from you');
    await user.click(screen.getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reason: 'Engine fault' }));

    await user.type(screen.getByLabelText('Message to the customer (optional)'), 'Sorry, see you soon!');
    expect(preview.querySelector('blockquote')?.textContent).toBe('Sorry, see you soon!');
    expect(preview.textContent).not.toContain('Engine fault');
    await user.click(screen.getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() =>
      expect(onConfirm).toHaveBeenLastCalledWith({ reason: 'Engine fault', message: 'Sorry, see you soon!' }),
    );
  });
});
