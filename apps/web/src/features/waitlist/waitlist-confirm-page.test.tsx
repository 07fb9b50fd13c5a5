// The waitlist's confirmation link (issue 42): opening it confirms the address, and the page says
// the place in line and the trip in Canary time, in the visitor's language; a forged link says so.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import i18n from 'i18next';
import type { WaitlistConfirmResponse } from '@boats/domain/schemas/waitlist';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import WaitlistConfirmPage from './waitlist-confirm-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const confirmed: WaitlistConfirmResponse = {
  position: 2,
  boatTitle: { en: 'Sea Breeze', es: 'Brisa Marina' },
  seats: 3,
  // 09:00Z in July is 10:00 in the Canaries (UTC+1 in summer).
  start: '2027-07-14T09:00:00.000Z',
};

function open(answer: Response) {
  const fetch = vi.fn(async () => answer);
  vi.stubGlobal('fetch', fetch);
  render(
    <WithQueryClient>
      <MemoryRouter initialEntries={['/waitlist/confirm?entry=e1&token=t1']}>
        <WaitlistConfirmPage />
      </MemoryRouter>
    </WithQueryClient>,
  );
  return fetch;
}

describe('the waitlist confirmation page', () => {
  it('confirms the place with the link’s entry and token, and says the place and the trip', async () => {
    const fetch = open(new Response(JSON.stringify(confirmed), { status: 200 }));
    expect(await screen.findByText('Your place is confirmed: you are number 2 in line.')).toBeTruthy();
    expect(
      screen.getByText(
        'You are waiting for 3 seats on Sea Breeze, 14/07/2027 10:00 (Canary time). We e-mail you as soon as they free up.',
      ),
    ).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, { body: string }];
    expect(url).toContain('/api/waitlist/confirm');
    expect(JSON.parse(init.body)).toEqual({ entry: 'e1', token: 't1' });
  });

  it('in Spanish, with the boat’s Spanish name', async () => {
    await i18n.changeLanguage('es');
    open(new Response(JSON.stringify(confirmed), { status: 200 }));
    expect(await screen.findByText('Tu lugar está confirmado: eres el número 2 de la lista.')).toBeTruthy();
    expect(
      screen.getByText(/Esperas 3 plazas en Brisa Marina, 14\/07\/2027 10:00 \(hora de Canarias\)/),
    ).toBeTruthy();
  });

  it('says plainly that a forged link does not work', async () => {
    open(
      new Response(JSON.stringify({ error: 'invalid_waitlist_token', message: 'x' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(
      await screen.findByText('This link does not work. Please use the link from your e-mail.'),
    ).toBeTruthy();
  });
});
