// The calendar address is asked for in the operator's language, and the panel says which
// language the events will be written in (a calendar app fetches the feed without one).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { CalendarFeedPanel } from './calendar-feed-panel';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

it("asks for the feed address in the operator's language and says so", async () => {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      json({
        url: `https://example.com/api/calendar/00000000-0000-4000-8000-000000000001/secret/trips.ics?${url.split('?')[1]}`,
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  await i18n.changeLanguage('es');
  const user = userEvent.setup();
  render(
    <WithQueryClient>
      <CalendarFeedPanel boatId="00000000-0000-4000-8000-000000000001" />
    </WithQueryClient>,
  );

  await user.click(screen.getByRole('button', { name: 'Mostrar la dirección del calendario' }));
  const address = await screen.findByRole('textbox', { name: /Dirección de suscripción/ });
  expect(fetch.mock.calls[0]?.[0]).toBe(
    '/api/admin/boats/00000000-0000-4000-8000-000000000001/calendar-feed?lang=es',
  );
  expect((address as HTMLInputElement).value).toMatch(/trips\.ics\?lang=es$/);
  expect(screen.getByText(/Los eventos se escriben en Español/)).toBeTruthy();
});
