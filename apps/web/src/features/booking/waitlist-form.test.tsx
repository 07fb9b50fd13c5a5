// The waitlist form of a full shared trip: it says how many seats the trip has in all, and asking
// for more is refused at the field, in the visitor's language, before anything is sent.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { WaitlistForm } from './waitlist-form';

const SLOT = '00000000-0000-4000-8000-000000000001';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderForm() {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ position: 1 }), { status: 201 }));
  vi.stubGlobal('fetch', fetch);
  render(
    <WithQueryClient>
      <WaitlistForm slotId={SLOT} seatsTotal={12} />
    </WithQueryClient>,
  );
  return fetch;
}

async function ask(seats: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /e-mail/i }), 'ana@example.com');
  const field = screen.getByRole('spinbutton');
  await user.clear(field);
  await user.type(field, seats);
  await user.click(screen.getByRole('button'));
  return field;
}

describe('the waitlist form', () => {
  it('refuses 20 seats of a 12-seat trip at the field, and sends nothing', async () => {
    const fetch = renderForm();
    const field = await ask('20');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('More seats than this trip has')).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toContain(
      screen.getByText('This trip has 12 seats in all.').id,
    );
    expect(field.getAttribute('max')).toBe('12');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says it in German too', async () => {
    await i18n.changeLanguage('de');
    renderForm();
    await ask('13');
    expect(await screen.findByText('Mehr Plätze, als diese Fahrt hat')).toBeTruthy();
    expect(screen.getByText('Diese Fahrt hat insgesamt 12 Plätze.')).toBeTruthy();
  });

  it('sends a party that fits', async () => {
    const fetch = renderForm();
    await ask('12');
    expect(await screen.findByText(/number 1 in line/)).toBeTruthy();
    const [, init] = fetch.mock.calls[0] as unknown as [string, { body: string }];
    expect(JSON.parse(init.body)).toMatchObject({ slotId: SLOT, seats: 12 });
  });
});
