// The owner's notification settings: every kind on by default, a kind switched off and the daily
// digest chosen are what the save sends; in the owner's language.
import { fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { NotificationSettingsSection } from './notification-settings-section';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const allOn = {
  new_booking: true,
  canceled: true,
  refunded: true,
  moved: true,
  trip_canceled: true,
  request_lapsed: true,
};

function open() {
  const sent: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      sent.push({ method, body });
      const settings = method === 'PUT' ? body : { kinds: allOn, digest: false };
      return Promise.resolve(new Response(JSON.stringify({ settings, isPlatform: false }), { status: 200 }));
    }),
  );
  render(
    <WithQueryClient>
      <NotificationSettingsSection ownerId={null} />
    </WithQueryClient>,
  );
  return sent;
}

describe('notification settings', () => {
  it('shows every kind on and single e-mails; saves a kind off and the daily digest', async () => {
    const sent = open();
    const made = await screen.findByRole('checkbox', { name: 'a booking is made' });
    expect(made).toHaveProperty('checked', true);
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByRole('radio', { name: 'One e-mail per change' })).toHaveProperty('checked', true);
    fireEvent.click(made);
    fireEvent.click(screen.getByRole('radio', { name: /One e-mail a day, at 19:00 Canary time/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Notifications saved.');
    expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({
      kinds: { ...allOn, new_booking: false },
      digest: true,
    });
  });

  it('in Spanish', async () => {
    await i18n.changeLanguage('es');
    open();
    expect(await screen.findByRole('checkbox', { name: 'se hace una reserva' })).toBeTruthy();
    expect(
      screen.getByRole('radio', { name: /Un correo al día, a las 19:00 hora de Canarias/ }),
    ).toBeTruthy();
  });
});
