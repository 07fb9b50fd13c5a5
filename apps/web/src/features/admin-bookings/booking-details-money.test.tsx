// What the operator reads in a booking's money pills: an unpaid booking its price marked unpaid
// and no owner share; a refunded one what came in, what went back and what is kept, split so
// that fee + owner = kept to the cent.
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCharter } from '../../shared/test/fixtures';
import { BookingDetailsModal } from './booking-details-modal';
import { setupTestI18n } from '../../shared/test/test-i18n';

// The ledger section loads its own data from the server; its rendering is tested on its own.
vi.mock('./booking-ledger', () => ({ BookingLedger: () => null }));
vi.mock('./booking-audit', () => ({ BookingAudit: () => null }));

beforeAll(setupTestI18n);

function moneyPills(): string[] {
  return within(screen.getByRole('list', { name: 'Money' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/\s/g, ' ') ?? '');
}

describe('booking details money', () => {
  it('a paid booking shows fee and owner to the cent, adding up to the price', () => {
    render(
      <BookingDetailsModal booking={adminCharter({})} onClose={vi.fn()} busy={false} onAction={vi.fn()} />,
    );
    expect(moneyPills()).toEqual([
      'Gross €150.00',
      'Received €150.00',
      'Platform fee (of net) €22.50',
      'Owner amount (of net) €127.50',
    ]);
  });

  it('a pending booking shows what it would cost, marked unpaid, and no owner share', () => {
    render(
      <BookingDetailsModal
        booking={adminCharter({
          status: 'pending',
          amountGross: 179,
          platformFee: 0,
          ownerAmount: 0,
          payment: { received: 0, refunded: 0, total: 179, fee: 0 },
        })}
        onClose={vi.fn()}
        busy={false}
        onAction={vi.fn()}
      />,
    );
    expect(moneyPills()).toEqual(['Gross €179.00 · unpaid']);
    expect(screen.queryByText(/Owner amount/)).toBeNull();
  });

  it('a partly refunded booking shows received, refunded and net, the split of the net', () => {
    render(
      <BookingDetailsModal
        booking={adminCharter({
          status: 'refunded',
          amountGross: 240,
          platformFee: 21,
          ownerAmount: 119,
          payment: { received: 240, refunded: 100, total: 240, fee: 21 },
        })}
        onClose={vi.fn()}
        busy={false}
        onAction={vi.fn()}
      />,
    );
    expect(moneyPills()).toEqual([
      'Gross €240.00',
      'Received €240.00',
      'Refunded €100.00',
      'Net kept €140.00',
      'Platform fee (of net) €21.00',
      'Owner amount (of net) €119.00',
    ]);
  });
});

describe('booking details: the goodwill gesture', () => {
  const gesture = 'Refund part as a goodwill gesture';
  it('is offered on a paid booking that sails and one that sailed, and opens for that booking', async () => {
    const onGoodwill = vi.fn();
    const paid = adminCharter({ status: 'paid' });
    const { unmount } = render(
      <BookingDetailsModal
        booking={paid}
        onClose={vi.fn()}
        busy={false}
        onAction={vi.fn()}
        onGoodwill={onGoodwill}
      />,
    );
    screen.getByRole('button', { name: gesture }).click();
    expect(onGoodwill).toHaveBeenCalledWith(paid);
    unmount();
    render(
      <BookingDetailsModal
        booking={adminCharter({ status: 'completed' })}
        onClose={vi.fn()}
        busy={false}
        onAction={vi.fn()}
        onGoodwill={onGoodwill}
      />,
    );
    expect(screen.getByRole('button', { name: gesture })).toBeTruthy();
  });

  it('is not offered on a canceled booking, nor on one with nothing left to give back', () => {
    for (const booking of [
      adminCharter({ status: 'canceled' }),
      adminCharter({
        status: 'confirmed',
        platformFee: 0,
        ownerAmount: 0,
        payment: { received: 0, refunded: 0, total: 150, fee: 0 },
      }),
    ]) {
      const { unmount } = render(
        <BookingDetailsModal
          booking={booking}
          onClose={vi.fn()}
          busy={false}
          onAction={vi.fn()}
          onGoodwill={vi.fn()}
        />,
      );
      expect(screen.queryByRole('button', { name: gesture })).toBeNull();
      unmount();
    }
  });
});
