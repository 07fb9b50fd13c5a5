import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const description = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
};

describe('ContactForm', () => {
  it('shows the validation messages on their fields and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(description('Name')).toBe('Minimum 2 characters');
    expect(description('Email')).toBe('Enter an email or a phone number');
    expect(description('Phone')).toBe('Enter an email or a phone number');
    await user.type(screen.getByLabelText('Phone'), '12-34');
    expect(description('Phone')).toBe('Enter a phone number with at least 7 digits');
    // A good phone answers "email or phone": the email's error goes with it.
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+34 600 123 456');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  // The landing-language journey checked this in a browser until 2026-11-29
  // (docs/development.md#the-test-time-budget).
  it('says the validation messages in the language of the page', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await i18n.changeLanguage('es');
    try {
      const user = userEvent.setup();
      render(<ContactForm />);
      await user.click(screen.getByRole('button', { name: 'Enviar' }));
      expect(description('Nombre')).toBe('Mínimo 2 caracteres');
      expect(description('Correo electrónico')).toBe('Introduce un correo electrónico o un teléfono');
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('sends the lead with the default source and thanks the visitor', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { success: true }));
    vi.stubGlobal('fetch', fetch);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.es');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const thanks = await screen.findByText('We have received your request and will contact you soon.');
    // Below the fold on a phone, the thanks is brought into view.
    expect(scrolled.mock.contexts.some((el) => (el as Element).contains(thanks))).toBe(true);
    scrolled.mockRestore();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/messages/messages');
    expect(JSON.parse(init.body as string)).toMatchObject({
      name: 'Ana',
      email: 'ana@example.es',
      source: 'landing',
    });
  });

  it('explains a refused request with the HTTP status, and the rate limit in words', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(answer(429, { message: 'Too many requests. Please try again in 600 seconds.' })),
    );
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Phone'), '+34 600 123 456');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to send request');
    expect(alert.textContent).toContain('You have sent several requests in a short time');
    expect(alert.textContent).toContain('HTTP 429 Too many requests');
  });

  it("puts the server's field errors on the fields it names", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        answer(400, {
          error: 'validation',
          message: 'Invalid body.email: validation.email',
          fields: [{ path: 'body.email', message: 'validation.email' }],
        }),
      ),
    );
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.es');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('alert');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(description('Email')).toBe('Enter a valid email');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('says so in words when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.es');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network error. Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });
});
