// The banner every page shows while the operator runs the sandbox on purpose (PAYMENTS=sandbox).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { paymentsConfigQueryOptions, type PaymentsConfig } from '../shared/api/get-payments-config';
import { testQueryClient } from '../shared/test/with-query-client';
import { setupTestI18n } from '../shared/test/test-i18n';
import { TestBookingsBanner } from './test-bookings-banner';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function renderWith(config: PaymentsConfig) {
  const client = testQueryClient();
  client.setQueryData(paymentsConfigQueryOptions().queryKey, config);
  render(
    <QueryClientProvider client={client}>
      <TestBookingsBanner />
    </QueryClientProvider>,
  );
}

describe('TestBookingsBanner', () => {
  it('says the bookings are tests when the server says so', () => {
    renderWith({ provider: 'sandbox', testBookings: true });
    expect(screen.getByRole('alert').textContent).toContain('Test bookings only');
    expect(screen.getByRole('alert').textContent).toContain('no card is charged');
  });

  it('says it in the visitor’s language', async () => {
    await i18n.changeLanguage('es');
    renderWith({ provider: 'sandbox', testBookings: true });
    expect(screen.getByRole('alert').textContent).toContain('Solo reservas de prueba');
  });

  it('shows nothing with a real card provider or the demo’s sandbox', () => {
    renderWith({ provider: 'stripe', publishableKey: 'pk_live_x' });
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    renderWith({ provider: 'sandbox', testBookings: false });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
