// A contact message as the operator opens it on the phone: tap to call, write back by e-mail in
// the visitor's language (the subject already in it), the button saying it is sending, then
// "replied"; a visitor who left no address is to be called instead.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactMessage } from '@boats/domain/schemas/messages';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { MessageDetails } from './message-details';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const maria: ContactMessage = {
  _id: '00000000-0000-4000-8000-0000000000aa',
  createdAt: '2026-11-23T22:39:00.000Z',
  name: 'María García',
  email: 'maria.garcia@example.es',
  phone: '+34 611 22 33 44',
  source: 'form',
  message: '¿Hay descuento para grupos?',
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  language: 'es',
  readAt: '2026-11-24T08:00:00.000Z',
  repliedAt: null,
  boat: null,
};

function open(message: ContactMessage) {
  render(
    <WithQueryClient>
      <MessageDetails message={message} onClose={vi.fn()} />
    </WithQueryClient>,
  );
  return screen.getByRole('dialog', { name: message.name });
}

describe('message details', () => {
  it('calls with one tap and keeps the full user agent one tap away', () => {
    vi.stubGlobal('fetch', vi.fn());
    const dialog = open(maria);
    expect(within(dialog).getByRole('link', { name: 'Call +34 611 22 33 44' }).getAttribute('href')).toBe(
      'tel:+34611223344',
    );
    expect(within(dialog).getByText('Show full user agent')).toBeTruthy();
    expect(dialog.textContent).toContain('AppleWebKit/605.1.15 Mobile/15E148');
  });

  it("replies in the visitor's language, says Sending… meanwhile, then that the reply went", async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const dialog = open(maria);
    const subject = await within(dialog).findByLabelText('Subject');
    expect((subject as HTMLInputElement).value).toBe('Tu mensaje a AD Boat Rental');
    expect((within(dialog).getByLabelText('Language of the reply') as HTMLSelectElement).value).toBe('es');

    // The answer starts with the one greeting the e-mail will carry, in the visitor's language.
    const body = within(dialog).getByLabelText<HTMLTextAreaElement>('Your answer');
    expect(body.value).toBe('Hola, María García:\n\n');

    const user = userEvent.setup();
    await user.type(body, 'Sí: un 10 % desde 8 personas.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Sending…' }).disabled).toBe(true);
    const sent = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(sent[0]).toBe(`/messages/admin/messages/${maria._id}/reply`);
    expect(JSON.parse(sent[1].body as string)).toEqual({
      language: 'es',
      subject: 'Tu mensaje a AD Boat Rental',
      body: 'Hola, María García:\n\nSí: un 10 % desde 8 personas.',
    });

    answer(json(200, { message: { ...maria, repliedAt: '2026-11-24T09:00:00.000Z' } }));
    expect(await within(dialog).findByText('Reply sent. The message is marked replied.')).toBeTruthy();
  });

  it('puts the greeting in the language chosen instead, keeping what was typed after it', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const dialog = open(maria);
    const body = await within(dialog).findByLabelText<HTMLTextAreaElement>('Your answer');
    const user = userEvent.setup();
    await user.type(body, 'Yes, 10 % from 8 people.');
    await user.selectOptions(within(dialog).getByLabelText('Language of the reply'), 'en');
    await waitFor(() => expect(body.value).toBe('Hello María García,\n\nYes, 10 % from 8 people.'));
    expect((within(dialog).getByLabelText('Subject') as HTMLInputElement).value).toBe(
      'Your message to AD Boat Rental',
    );
  });

  it('offers no reply form to a visitor who left no e-mail address', () => {
    vi.stubGlobal('fetch', vi.fn());
    const dialog = open({ ...maria, email: null });
    expect(dialog.textContent).toContain('No e-mail address was left: call instead.');
    expect(within(dialog).queryByRole('button', { name: 'Send reply' })).toBeNull();
  });
});
