// The payment step's form: React Hook Form over the domain schemas (contact and sandbox card),
// what was typed kept for the tab, and the server's field errors put on the fields.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { testQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { paymentsConfigQueryOptions } from './api/get-payments-config';
import { PaymentStep } from './payment-step';

beforeAll(setupTestI18n);
beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const intent = {
  clientSecret: 'pi_1_secret_x',
  bookingId: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  amount: 10_000,
};

function renderStep(onPaid = vi.fn()) {
  const client = testQueryClient();
  client.setQueryData(paymentsConfigQueryOptions().queryKey, { provider: 'sandbox' });
  render(
    <QueryClientProvider client={client}>
      <PaymentStep
        intent={intent}
        summary={{ boatTitle: 'Test RIB', mode: 'shared', start: null, end: null, amountCents: 10_000 }}
        returnUrl="http://localhost/booking"
        onBack={() => undefined}
        onRedirect={() => undefined}
        onPaid={onPaid}
      />
    </QueryClientProvider>,
  );
  return onPaid;
}

const payButton = () => screen.getByRole('button', { name: /^Pay / }) as HTMLButtonElement;

/** The server answers the calls in turn: a body object is sent as JSON, a string as it is. */
function serverAnswers(answers: { status: number; body: unknown }[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const next = answers.shift()!;
      const text = typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
      return new Response(text, { status: next.status });
    }),
  );
}

/** A complete contact and sandbox card, then Pay. */
async function fillAndPay(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ana Pérez');
  await user.type(screen.getByLabelText('Phone'), '+34600123456');
  await user.type(screen.getByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(payButton());
}

describe('the payment step form', () => {
  it('checks the fields with the domain schemas and says why Pay waits', async () => {
    const user = userEvent.setup();
    renderStep();
    expect(payButton().disabled).toBe(true);
    expect(screen.getByTestId('pay-reasons').textContent).toContain('Enter the card number.');

    await user.type(screen.getByLabelText('Name'), 'A');
    await user.tab();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Minimum 2 characters')).toBeTruthy();

    // A phone's keypad has no "/": the expiry writes it.
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1229');
    expect((screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement).value).toBe('12/29');
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.tab();
    expect(screen.getByText('Enter the 3 or 4 digit security code.', { selector: 'p' })).toBeTruthy();
    await user.type(screen.getByLabelText('CVC'), '3');
    expect(payButton().disabled).toBe(false);
  });

  it('keeps the contact details for the tab: a reload finds them typed', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.type(screen.getByLabelText('Name'), 'Ana Pérez');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    cleanup();
    renderStep();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ana Pérez');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ana@example.com');
    // The card is never kept.
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('');
  });

  it("puts the server's field errors on the fields, and never shows a bare HTTP status", async () => {
    const user = userEvent.setup();
    serverAnswers([
      {
        status: 400,
        body: {
          message: 'Bad contact',
          fields: [{ path: 'body.customer.phone', message: 'Not a phone we can call' }],
        },
      },
      { status: 500, body: '' },
    ]);
    const onPaid = renderStep();
    await fillAndPay(user);
    expect(await screen.findByText('Not a phone we can call')).toBeTruthy();
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('card-error')).toBeNull();

    await user.click(payButton());
    const error = await screen.findByTestId('card-error');
    expect(error.textContent).toBe(
      'Payment error: the payment could not be completed. Nothing was charged; please try again.',
    );
    expect(error.textContent).not.toContain('HTTP');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("puts the card call's refusal of the expiry on the expiry field, and says any other refusal", async () => {
    const user = userEvent.setup();
    serverAnswers([
      { status: 200, body: {} },
      {
        status: 400,
        body: { message: 'Bad card', fields: [{ path: 'body.card.expYear', message: 'Card expired' }] },
      },
      { status: 200, body: {} },
      {
        status: 400,
        body: { message: 'Unknown payment', fields: [{ path: 'body.clientSecret', message: 'Unknown' }] },
      },
    ]);
    renderStep();
    await fillAndPay(user);
    expect(await screen.findByText('Card expired')).toBeTruthy();
    expect(screen.getByLabelText('Expiry (MM/YY)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('card-error')).toBeNull();

    // A server error on the field is cleared by the next valid edit, as a schema error is.
    await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1235');
    await user.click(payButton());
    expect(await screen.findByTestId('card-error')).toBeTruthy();
  });
});
