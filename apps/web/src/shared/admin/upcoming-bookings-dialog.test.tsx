// Suspending an owner (or pausing a boat) asks first: the paid bookings ahead are listed, and
// nothing is done until the admin says whether they are served or canceled and refunded; the open
// requests to book ahead are listed as declined, nothing charged.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { setupTestI18n } from '../test/test-i18n';
import { WithQueryClient } from '../test/with-query-client';
import { UpcomingBookingsDialog } from './upcoming-bookings-dialog';

beforeAll(setupTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ahead = {
  items: [
    {
      _id: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      reference: '1F0A9B8C',
      boatTitle: 'Anaga Explorer',
      startsAt: '2026-11-20T10:00:00.000Z',
      customerName: 'Ana Pérez',
      people: 3,
      paid: 150,
    },
  ],
  requests: [],
};

function open(body: object, onConfirm = vi.fn(), reasonLabel?: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))),
  );
  render(
    <WithQueryClient>
      <UpcomingBookingsDialog
        title="Suspend Anaga Sailing?"
        intro="Their boats leave the public site at once."
        upcomingUrl="/api/admin/owners/x/upcoming-bookings"
        confirmLabel="Suspend the owner"
        {...(reasonLabel && { reasonLabel })}
        busy={false}
        error={null}
        onConfirm={onConfirm}
        onClose={() => {}}
      />
    </WithQueryClient>,
  );
  return onConfirm;
}

describe('the dialog before suspending an owner', () => {
  it('lists the paid bookings ahead and waits for their fate before the step', async () => {
    await i18n.changeLanguage('en');
    const onConfirm = open(ahead);
    expect(
      await screen.findByText(
        '20/11/2026 10:00 · #1F0A9B8C · Anaga Explorer · Ana Pérez, 3 people · €150.00 paid',
      ),
    ).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Suspend the owner' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Cancel each one and refund it in full/ }));
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('cancel_and_refund', '');
  });

  it('passes on why, in the admin’s words, when it asks', async () => {
    await i18n.changeLanguage('en');
    const onConfirm = open(ahead, vi.fn(), 'Why (the owner reads it)');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Why (the owner reads it)' }), {
      target: { value: '  Your boat licence has expired.  ' },
    });
    fireEvent.click(screen.getByRole('radio', { name: /Cancel each one and refund it in full/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Suspend the owner' }));
    expect(onConfirm).toHaveBeenCalledWith('cancel_and_refund', 'Your boat licence has expired.');
  });

  it('serves them when chosen, in Spanish', async () => {
    await i18n.changeLanguage('es');
    const onConfirm = open(ahead);
    expect(await screen.findByText('Queda 1 reserva pagada por delante:')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Se realizan tal como se reservaron' }));
    fireEvent.click(screen.getByRole('button', { name: 'Suspend the owner' }));
    expect(onConfirm).toHaveBeenCalledWith('serve', '');
    await i18n.changeLanguage('en');
  });

  it('says so when there is nothing ahead, and lets the step go on', async () => {
    const onConfirm = open({ items: [], requests: [] });
    expect(await screen.findByText('No paid bookings ahead: nothing else changes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suspend the owner' }));
    expect(onConfirm).toHaveBeenCalledWith('serve', '');
  });

  it('lists the open requests to book it declines, nothing charged', async () => {
    const onConfirm = open({
      items: [],
      requests: [
        {
          _id: '1b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
          reference: '2F0A9B8C',
          boatTitle: 'Anaga Explorer',
          startsAt: '2026-11-21T10:00:00.000Z',
          customerName: 'Olga Ivanova',
          people: 2,
        },
      ],
    });
    expect(
      await screen.findByText(
        '1 request to book ahead is declined: its card was only authorized, nothing is charged, and the customer is told why.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('21/11/2026 10:00 · #2F0A9B8C · Anaga Explorer · Olga Ivanova, 2 people'),
    ).toBeTruthy();
    expect(screen.queryByText(/nothing else changes/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Suspend the owner' }));
    expect(onConfirm).toHaveBeenCalledWith('serve', '');
  });
});
