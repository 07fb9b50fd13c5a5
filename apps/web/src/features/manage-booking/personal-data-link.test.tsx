// The customer's data rights from manage my booking (docs/privacy.md#proof-of-address): a manage
// link proves the booking, not the address, so both panels e-mail a link to the booking's address
// instead of opening the address's data themselves.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ErasurePanel } from './erasure-panel';
import { PersonalDataLink } from './personal-data-link';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const answering = () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ sent: true }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const sentBody = (fetch: ReturnType<typeof answering>) =>
  JSON.parse((fetch.mock.calls[0] as unknown as [string, { body: string }])[1].body) as unknown;

describe('manage my booking', () => {
  it('e-mails the download link to the booking’s address, said in the page’s language', async () => {
    await i18n.changeLanguage('es');
    const fetch = answering();
    render(
      <WithQueryClient>
        <PersonalDataLink email="olga@example.com" />
      </WithQueryClient>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviarme un enlace de descarga' }));
    expect(await screen.findByText(/le hemos enviado un enlace\. Ábrelo antes de 30 minutos/)).toBeTruthy();
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/personal-data/requests');
    expect(sentBody(fetch)).toEqual({ email: 'olga@example.com', purpose: 'export', language: 'es' });
  });

  it('says what an invoice keeps of its recipient before it e-mails the erasure link', async () => {
    const fetch = answering();
    render(
      <WithQueryClient>
        <ErasurePanel email="olga@example.com" />
      </WithQueryClient>,
    );
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await userEvent.click(screen.getByRole('button', { name: 'Erase my data…' }));
    // Opened at the page's end, the panel is brought into view rather than left above the footer.
    expect(scrolled.mock.contexts).toContain(screen.getByRole('region', { name: 'Erase my data' }));
    scrolled.mockRestore();
    // Truthfully: a consumer's invoice above the simplified-invoice limit names them too.
    expect(
      screen.getByText(
        /An invoice keeps whom it was issued to, as Spanish tax law requires: your name and postal address on an invoice above €400, a company’s name/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/phone number, postal address and what you wrote/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me an erasure link' }));
    expect(await screen.findByText(/we have sent it a link/)).toBeTruthy();
    expect(sentBody(fetch)).toEqual({ email: 'olga@example.com', purpose: 'erasure', language: 'en' });
  });
});
