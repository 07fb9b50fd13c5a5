// The owner's invoicing settings: since when the platform invoices their customers in their name,
// the exempt regime with its legal mention, a rate above the law's refused on the field before
// anything is sent, and a save sending what the owner chose; whether their records go to the AEAT
// under their representation of the platform, or wait for it; in the owner's language.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { InvoicingSettingsSection } from './invoicing-settings-section';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const settings = {
  invoicesCustomers: true,
  igicRegime: 'general',
  igicPercent: 7,
  acceptedAt: '2026-05-02T09:00:00.000Z',
  isPlatform: false,
  legalName: 'Marlin Charters S.L.',
  taxId: 'B76543210',
  address: 'Calle del Puerto 1',
  exemptMention: 'Operación exenta del IGIC en virtud del artículo 10.1.28º de la Ley 20/1991',
  representation: { since: '2026-05-10', evidence: 'AEAT registro 2026-000123' },
};

function open(answer: Record<string, unknown> = settings) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      sent.push({ url, method, body });
      const reply = method === 'PUT' ? { ...answer, ...body } : answer;
      return Promise.resolve(new Response(JSON.stringify({ settings: reply }), { status: 200 }));
    }),
  );
  render(
    <WithQueryClient>
      <InvoicingSettingsSection ownerId={null} />
    </WithQueryClient>,
  );
  return sent;
}

describe('invoicing settings', () => {
  it('says since when the platform invoices in the owner’s name and shows the exempt mention', async () => {
    open();
    expect(await screen.findByTestId('invoicing-accepted')).toHaveProperty(
      'textContent',
      'Accepted on 02/05/2026',
    );
    expect(screen.getByRole('checkbox', { name: /issues my customers’ invoices in my name/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByText(/artículo 10\.1\.28º/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Exempt: small business regime' }));
    expect(screen.getByText(/artículo 10\.1\.28º/).getAttribute('lang')).toBe('es');
  });

  it('says the records go under the owner’s representation, or wait for it and how to grant it', async () => {
    open();
    expect(await screen.findByTestId('aeat-representation')).toHaveProperty(
      'textContent',
      'The platform sends your customers’ invoice records to the AEAT as your representative (granted on 10/05/2026).',
    );
    cleanup();
    open({ ...settings, representation: null });
    expect((await screen.findByTestId('aeat-representation')).textContent).toContain(
      'grant it your representation (apoderamiento) at the AEAT’s electronic office',
    );
  });

  it('refuses a rate above 20 % on the field, then saves what the owner chose', async () => {
    const sent = open();
    const rate = await screen.findByRole('textbox', { name: 'IGIC rate (%)' });
    fireEvent.change(rate, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing settings' }));
    expect(await screen.findByText('At most 20 % (the highest IGIC rate)')).toBeTruthy();
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(0);

    fireEvent.change(rate, { target: { value: '9.5' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Save invoicing settings' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Invoicing settings saved.');
    expect(sent.filter((s) => s.method === 'PUT').map((s) => s.body)).toEqual([
      { invoicesCustomers: false, igicRegime: 'general', igicPercent: 9.5 },
    ]);
  });

  it('speaks German, and says the platform’s own boats need no choice', async () => {
    await i18n.changeLanguage('de');
    open({ ...settings, isPlatform: true });
    expect(
      await screen.findByText('Die eigenen Boote der Plattform werden im Namen der Plattform abgerechnet.'),
    ).toBeTruthy();
  });
});
