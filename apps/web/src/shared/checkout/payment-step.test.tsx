// The payment step's form: React Hook Form over the domain schemas (contact and sandbox card),
// what was typed kept for the tab, and the server's field errors put on the fields.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { testQueryClient } from '../test/with-query-client';
import { setupTestI18n } from '../test/test-i18n';
import { paymentsConfigQueryOptions, type PaymentsConfig } from '../api/get-payments-config';
import i18n from 'i18next';
import { PaymentStep } from './payment-step';

beforeAll(setupTestI18n);
beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const intent = {
  clientSecret: 'pi_1_secret_x',
  bookingId: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  checkoutKey: 'k-1',
  holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  amount: 10_000,
  voucherAmount: 0,
};

function renderStep(onPaid = vi.fn(), stepIntent = intent, initialError: string | null = null) {
  const client = testQueryClient();
  const sandbox: PaymentsConfig = { provider: 'sandbox' };
  client.setQueryData(paymentsConfigQueryOptions().queryKey, sandbox);
  render(
    <QueryClientProvider client={client}>
      <PaymentStep
        intent={stepIntent}
        summary={{ boatTitle: 'Test RIB', mode: 'shared', start: null, end: null, amountCents: 10_000 }}
        returnUrl="http://localhost/booking"
        onBack={() => undefined}
        onRedirect={() => undefined}
        onPaid={onPaid}
        initialError={initialError}
      />
    </QueryClientProvider>,
  );
  return onPaid;
}

/** The pending booking as POST /checkout/booking/{id}/customer answers it. */
function pendingBooking(holdExpiresAt: string) {
  return {
    booking: {
      _id: intent.bookingId,
      type: 'shared',
      boat: { _id: '1b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c', title: 'Test RIB' },
      start: '2027-06-10T09:00:00.000Z',
      end: '2027-06-10T11:00:00.000Z',
      status: 'pending',
      seats: 2,
      people: 2,
      passengers: { adults: 2, child_u13: 0, child_u6: 0 },
      customer: { name: 'Ana Pérez', email: 'ana@example.com', phone: null },
      currency: 'EUR',
      amountGross: 100,
      tickets: [],
      holdExpiresAt,
    },
  };
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

/** A complete contact (saved early), a sandbox card, then Pay. */
async function fillAndPay(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ana Pérez');
  await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
  await user.type(screen.getByLabelText('Phone (optional)'), '+34600123456');
  // Complete details are saved after a pause in typing: wait for it, so the calls that follow
  // (Pay saves again, then the card) meet the answers in a known order.
  await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
  await user.type(screen.getByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(payButton());
}

describe('the payment step form', () => {
  it('back from a failed card check, brings the error into view and announces it', () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderStep(vi.fn(), intent, 'Payment error: the authentication did not succeed.');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Payment error: the authentication did not succeed.');
    expect(scrolled.mock.contexts).toContain(error);
    // The step's heading takes the focus without scrolling the error away again.
    expect(document.activeElement?.textContent).toBe('Contact and payment');
    scrolled.mockRestore();
  });

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

  it('says why the e-mail is required, and a phone alone is not enough', async () => {
    const user = userEvent.setup();
    renderStep();
    expect(
      screen.getByText(
        'We e-mail your tickets and a link to see or cancel your booking, so the e-mail is required. The phone is optional: we use it only if your trip changes.',
      ),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'Ana Pérez');
    await user.type(screen.getByLabelText('Phone (optional)'), '+34600123456');
    await user.click(screen.getByLabelText('E-mail'));
    await user.tab();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
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
    const answers = [
      // The details are saved as soon as they are complete (the hold's full length).
      { status: 200, body: pendingBooking(intent.holdExpiresAt) },
      {
        status: 400,
        body: {
          message: 'Bad contact',
          fields: [{ path: 'body.customer.phone', message: 'Not a phone we can call' }],
        },
      },
      { status: 500, body: '' },
    ];
    serverAnswers(answers);
    const onPaid = renderStep();
    await fillAndPay(user);
    expect(await screen.findByText('Not a phone we can call')).toBeTruthy();
    expect(screen.getByLabelText('Phone (optional)').getAttribute('aria-invalid')).toBe('true');
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
    const saved = { status: 200, body: pendingBooking(intent.holdExpiresAt) };
    serverAnswers([
      saved, // as soon as the details are complete
      saved, // on Pay
      {
        status: 400,
        body: { message: 'Bad card', fields: [{ path: 'body.card.expYear', message: 'Card expired' }] },
      },
      saved,
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

  it('saves the contact details once they are complete, and the countdown shows the longer hold', async () => {
    const user = userEvent.setup();
    const longer = new Date(Date.now() + 14 * 60_000 + 30_000).toISOString();
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        expect(url).toBe(`/checkout/booking/${intent.bookingId}/customer?key=k-1`);
        saved.push(JSON.parse(init.body as string));
        return new Response(JSON.stringify(pendingBooking(longer)), { status: 200 });
      }),
    );
    // A hold taken just now: the module's `intent` may be seconds old on a loaded machine.
    renderStep(vi.fn(), { ...intent, holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString() });
    expect(screen.getByTestId('hold-countdown').textContent).toMatch(/^(10:00|09:5\d)$/);
    const hint = 'Enter your name and e-mail to keep them longer.';
    expect(screen.getByText(hint)).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'Ana Pérez');
    // Not complete yet (no e-mail): nothing is sent.
    await new Promise((r) => setTimeout(r, 900));
    expect(saved).toEqual([]);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await waitFor(() => expect(screen.getByTestId('hold-countdown').textContent).toMatch(/^14:[23]\d$/));
    expect(saved).toEqual([{ customer: { name: 'Ana Pérez', email: 'ana@example.com' }, lang: 'en' }]);
    expect(screen.queryByText(hint)).toBeNull();
  });
});

describe('a booking above 400 €', () => {
  it('asks for the postal address its invoice names, and saves the details only with it', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        saved.push(JSON.parse(init.body as string));
        return new Response(JSON.stringify(pendingBooking(intent.holdExpiresAt)), { status: 200 });
      }),
    );
    // €450: a full invoice, naming the customer and their address.
    renderStep(vi.fn(), { ...intent, amount: 30_000, voucherAmount: 15_000 });
    const address = screen.getByLabelText('Postal address');
    expect(
      screen.getByText('Above €400 your invoice is a full invoice, which names you and your address.'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'Ana Pérez');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(address);
    await user.tab();
    expect(screen.getByText('Enter your postal address: it goes on your invoice')).toBeTruthy();
    // Without the address the details are not complete: nothing is sent.
    await new Promise((r) => setTimeout(r, 900));
    expect(saved).toEqual([]);
    await user.type(address, 'Calle La Hoya 5, Los Cristianos');
    await waitFor(() =>
      expect(saved).toEqual([
        {
          customer: {
            name: 'Ana Pérez',
            email: 'ana@example.com',
            address: 'Calle La Hoya 5, Los Cristianos',
          },
          lang: 'en',
        },
      ]),
    );
  });

  it('asks for no address at 400 € or less', () => {
    renderStep(vi.fn(), { ...intent, amount: 40_000 });
    expect(screen.queryByLabelText('Postal address')).toBeNull();
  });
});

describe('a gift voucher on the payment step', () => {
  it('shows both parts; when the voucher pays it all, "Pay with voucher" replaces the card', async () => {
    const user = userEvent.setup();
    const paid = pendingBooking(intent.holdExpiresAt);
    // The confirm call's shape: { booking: { booking } }.
    const confirmed = {
      booking: { booking: { ...paid.booking, status: 'confirmed', holdExpiresAt: null, voucherAmount: 100 } },
    };
    serverAnswers([
      { status: 200, body: paid }, // the details, saved as soon as complete
      { status: 200, body: paid }, // saved again on Pay
      { status: 200, body: confirmed },
    ]);
    const client = testQueryClient();
    const sandbox: PaymentsConfig = { provider: 'sandbox' };
    client.setQueryData(paymentsConfigQueryOptions().queryKey, sandbox);
    const onPaidByVoucher = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <PaymentStep
          intent={{ ...intent, clientSecret: null, amount: 0, voucherAmount: 10_000 }}
          summary={{
            boatTitle: 'Test RIB',
            mode: 'shared',
            start: null,
            end: null,
            amountCents: 0,
            voucherCents: 10_000,
            voucherCode: 'GV-7KQ2-M9XD',
          }}
          returnUrl="http://localhost/booking"
          onBack={() => undefined}
          onRedirect={() => undefined}
          onPaid={vi.fn()}
          onPaidByVoucher={onPaidByVoucher}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('payment-total').textContent).toBe('€100.00');
    expect(screen.getByTestId('voucher-part').textContent).toBe('−€100.00');
    expect(screen.getByTestId('card-part').textContent).toBe('€0.00');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    const button = screen.getByRole('button', { name: 'Pay with voucher' }) as HTMLButtonElement;

    await user.type(screen.getByLabelText('Name'), 'Ana Pérez');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
    await user.click(button);
    await waitFor(() => expect(onPaidByVoucher).toHaveBeenCalledTimes(1));
    expect(onPaidByVoucher.mock.calls[0]?.[0]).toMatchObject({ _id: intent.bookingId, status: 'confirmed' });
    const urls = vi.mocked(fetch).mock.calls.map(([url]) => url);
    expect(urls.at(-1)).toBe(`/checkout/booking/${intent.bookingId}/pay-with-voucher?key=k-1`);
  });
});

describe('a request-to-book', () => {
  // The owner answers by 2 June 2027 at 10:00 Canary time (09:00 UTC, summer).
  const requestIntent = { ...intent, amount: 28_800, requestDecideBy: '2027-06-02T09:00:00.000Z' };
  const renderRequest = () => {
    const client = testQueryClient();
    client.setQueryData(paymentsConfigQueryOptions().queryKey, { provider: 'sandbox' } as PaymentsConfig);
    render(
      <QueryClientProvider client={client}>
        <PaymentStep
          intent={requestIntent}
          summary={{ boatTitle: 'Test RIB', mode: 'shared', start: null, end: null, amountCents: 28_800 }}
          returnUrl="http://localhost/booking"
          onBack={() => undefined}
          onRedirect={() => undefined}
          onPaid={vi.fn()}
        />
      </QueryClientProvider>,
    );
  };
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('says before the button that the card is authorized, not charged, until the owner accepts by the deadline', () => {
    renderRequest();
    expect(screen.getByTestId('request-note').textContent).toBe(
      'This is a request: your card is authorized now, not charged. The owner answers by 02/06/2027 10:00 (Canary time) at the latest, and only if they accept is it charged. If they decline or do not answer, the authorization is released and nothing is charged.',
    );
    expect(screen.getByRole('button', { name: 'Request to book · €288.00 authorized' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('in German, with its number format', async () => {
    await i18n.changeLanguage('de');
    renderRequest();
    expect(screen.getByRole('button', { name: 'Buchung anfragen · 288,00\u00a0€ autorisiert' })).toBeTruthy();
    expect(screen.getByTestId('request-note').textContent).toContain('spätestens am 02.06.2027 10:00');
  });

  it('an instant booking says nothing of a request', () => {
    renderStep();
    expect(screen.queryByTestId('request-note')).toBeNull();
    expect(payButton().textContent).toBe('Pay €100.00');
  });
});
