import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookingLedgerView } from './booking-ledger';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

describe('BookingLedgerView', () => {
  it('lists the payment and its refunds in time order with statuses and the net received', () => {
    render(
      <BookingLedgerView
        ledger={{
          payments: [
            {
              provider: 'sandbox',
              providerId: 'pi_sbx_abc',
              method: 'card',
              recordedBy: null,
              amount: 100,
              status: 'succeeded',
              createdAt: '2026-11-01T09:00:00.000Z',
            },
          ],
          refunds: [
            {
              amount: 70,
              status: 'pending',
              reason: 'Rest',
              actor: 'admin@example.com',
              createdAt: '2026-11-03T09:00:00.000Z',
            },
            {
              amount: 30,
              status: 'succeeded',
              reason: 'Goodwill',
              actor: 'admin@example.com',
              createdAt: '2026-11-02T09:00:00.000Z',
            },
          ],
          netReceived: 70,
        }}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1, 4)
          .map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
      ),
    ).toEqual([
      ['Payment · card', '€100.00', 'Succeeded'],
      ['Refund', '−€30.00', 'Refunded'],
      ['Refund', '−€70.00', 'On its way'],
    ]);
    expect(screen.getByText(/Net received:/).textContent?.replace(/\u00a0/g, ' ')).toBe(
      'Net received: €70.00',
    );
  });

  it('names cash taken at the harbour and who recorded it', () => {
    render(
      <BookingLedgerView
        ledger={{
          payments: [
            {
              provider: 'operator',
              providerId: 'operator:1',
              method: 'cash',
              recordedBy: 'crew@example.com',
              amount: 45,
              status: 'succeeded',
              createdAt: '2026-11-01T09:00:00.000Z',
            },
          ],
          refunds: [],
          netReceived: 45,
        }}
      />,
    );
    const [row] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(row?.textContent).toContain('Payment · cash');
    expect(row?.textContent).toContain('recorded by crew@example.com');
  });

  it('says so when no payment was made', () => {
    render(<BookingLedgerView ledger={{ payments: [], refunds: [], netReceived: 0 }} />);
    expect(screen.getByText('No payment yet.')).toBeTruthy();
  });
  it('names a gift voucher payment beside the card one', () => {
    const payment = (method: 'card' | 'voucher', amount: number) => ({
      provider: 'sandbox',
      providerId: method === 'card' ? 'pi_sbx_abc' : 'voucher_1',
      method,
      recordedBy: null,
      amount,
      status: 'succeeded' as const,
      createdAt: '2026-11-01T09:00:00.000Z',
    });
    render(
      <BookingLedgerView
        ledger={{ payments: [payment('voucher', 150), payment('card', 210)], refunds: [], netReceived: 360 }}
      />,
    );
    const kinds = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]?.textContent);
    expect(kinds).toContain('Payment · gift voucher');
    expect(kinds).toContain('Payment · card');
  });
});
