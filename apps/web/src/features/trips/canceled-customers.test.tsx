// A canceled trip's people on the manifest: the line above them names the operator's own reason in
// the reader's language (a technical fault is never "weather"), or the cutoff's.
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { TripCancellationSummary } from '@boats/domain/schemas/trips';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { CanceledCustomers } from './canceled-customers';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const summary = (over: Partial<TripCancellationSummary>): TripCancellationSummary => ({
  cause: 'weather',
  reasonCode: null,
  canceledAt: '2027-07-10T07:00:00.000Z',
  customers: [],
  totals: { customers: 0, people: 0, paid: 0, waiting: 0, moved: 0, refunded: 0, notCharged: 0 },
  ...over,
});

describe('a canceled trip’s cause', () => {
  it('names the operator’s reason, a technical fault as one, in the reader’s language', async () => {
    render(<CanceledCustomers cancellation={summary({ reasonCode: 'technical_fault' })} />);
    expect(screen.getByText('Canceled by the operator on 10/07/2027 08:00: Technical fault')).toBeTruthy();
    expect(screen.queryByText(/weather/)).toBeNull();
    cleanup();
    await i18n.changeLanguage('es');
    render(<CanceledCustomers cancellation={summary({ reasonCode: 'swell' })} />);
    expect(screen.getByText(/^Cancelada por el operador el 10\/07\/2027 08:00: /)).toBeTruthy();
  });

  it('says the cutoff canceled it, or only that the operator did when no reason was kept', () => {
    render(<CanceledCustomers cancellation={summary({ cause: 'minimum' })} />);
    expect(screen.getByText('Canceled on 10/07/2027 08:00: too few seats sold by the cutoff')).toBeTruthy();
    cleanup();
    render(<CanceledCustomers cancellation={summary({})} />);
    expect(screen.getByText('Canceled by the operator on 10/07/2027 08:00')).toBeTruthy();
  });
});
