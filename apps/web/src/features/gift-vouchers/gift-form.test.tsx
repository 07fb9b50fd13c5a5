// The Gift page's form: the domain's purchase schema checks it in the browser, each problem said
// at its field (the amount's limits in the reader's money), and a good form sends cents.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { boat } from '../../shared/test/fixtures';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { GiftForm } from './gift-form';

beforeAll(setupTestI18n);
beforeEach(() => {
  // The catalogue's boats for "A trip on": none needed here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ items: [] }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const onSubmit = vi.fn(async (_values: unknown) => undefined);
  render(
    <WithQueryClient>
      <GiftForm onSubmit={onSubmit} />
    </WithQueryClient>,
  );
  return onSubmit;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

describe('the Gift form', () => {
  it('refuses an empty form, saying what is missing at each field', async () => {
    const onSubmit = renderForm();
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Their name').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Your e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid email')).toBeTruthy();
    // The recipient's e-mail may stay empty: the voucher then goes to the buyer.
    expect(screen.getByLabelText('Their e-mail (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the amount within the limits, said in euros at the amount', async () => {
    const onSubmit = renderForm();
    const other = screen.getByLabelText('Other amount (€)');
    expect(screen.getByText('From €20.00 to €1,000.00.')).toBeTruthy();
    await userEvent.type(other, '5');
    await submit();
    expect(await screen.findByText('The smallest voucher is €20.00')).toBeTruthy();
    expect(other.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(other);
    await userEvent.type(other, '1500');
    expect(await screen.findByText('The largest voucher is €1,000.00')).toBeTruthy();
    await userEvent.clear(other);
    await userEvent.type(other, 'lots');
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a preset in cents, the recipient language and message, and no e-mail when none is given', async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole('button', { name: '€150' }));
    expect(screen.getByRole('button', { name: '€150' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.type(screen.getByLabelText('Their name'), 'Lena Schmidt');
    await userEvent.selectOptions(screen.getByLabelText('Their language'), 'de');
    await userEvent.type(screen.getByLabelText('Your message (optional)'), 'Alles Gute!');
    await userEvent.type(screen.getByLabelText('Your name'), 'Tom Baker');
    await userEvent.type(screen.getByLabelText('Your e-mail'), 'tom@example.com');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      amount: 15_000,
      purchaser: { name: 'Tom Baker', email: 'tom@example.com' },
      recipient: { name: 'Lena Schmidt', message: 'Alles Gute!', language: 'de' },
      lang: 'en',
    });
  });

  it("asks for the fleet on the visitor's first touch of the form, not when the page starts", async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL) => new Response(JSON.stringify({ items: [boat] }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const choice = screen.getByLabelText('A trip on');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
    expect(choice.querySelectorAll('option')).toHaveLength(1);
    await userEvent.click(screen.getByLabelText('Their name'));
    expect(await screen.findByRole('option', { name: boat.title })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/boats'), expect.anything());
  });

  it('a typed amount replaces the preset: "85,50" is 8550 cents', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Other amount (€)'), '85,50');
    expect(screen.getByRole('button', { name: '€100' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.type(screen.getByLabelText('Their name'), 'Lena');
    await userEvent.type(screen.getByLabelText('Your name'), 'Tom');
    await userEvent.type(screen.getByLabelText('Your e-mail'), 'tom@example.com');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ amount: 8550 });
  });
});
