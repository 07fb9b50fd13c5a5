// The customer's data rights (docs/privacy.md#proof-of-address): the e-mailed link's page shows
// everything held by kind, with why and for how long, and erases only after the press that asks.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import MyDataPage from './my-data-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const answering = (...answers: { status?: number; body: unknown }[]) => {
  const fetch = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(next.body), { status: next.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const sentBody = (fetch: ReturnType<typeof answering>, call = 0) =>
  JSON.parse((fetch.mock.calls[call] as unknown as [string, { body: string }])[1].body) as unknown;

const EXPORT = {
  email: 'olga@example.com',
  exportedAt: '2027-06-01T09:00:00.000Z',
  bookings: [
    {
      id: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
      reference: '1F0A9B8C',
      type: 'private',
      status: 'paid',
      startsAt: '2027-06-10T09:00:00.000Z',
      endsAt: '2027-06-10T11:00:00.000Z',
      customer: { name: 'Olga Ivanova', email: 'olga@example.com', phone: '+34 600 111 222', address: '' },
      language: 'de',
      party: { adults: 2, children50: 0, kidsFree: 0 },
      amountCents: 30000,
      currency: 'EUR',
      extras: [],
      promoCode: null,
      clientAddress: '192.0.2.10',
      createdAt: '2027-06-01T08:00:00.000Z',
      tickets: [{ code: 'ABC123', kind: 'boarding_pass', seatNo: 1 }],
      payments: [{ amountCents: 30000, status: 'succeeded' }],
      refunds: [],
      review: null,
    },
  ],
  invoices: [
    {
      number: 'S2027-000001',
      invoiceType: 'F2',
      bookingReference: '1F0A9B8C',
      issuer: 'Marlin Charters S.L.',
      recipient: null,
      totalCents: 30000,
      issuedAt: '2027-06-01T08:00:00.000Z',
    },
  ],
  emails: [
    {
      subject: 'Ihre Buchung 1F0A9B8C',
      kind: 'booking_confirmed',
      bookingReference: '1F0A9B8C',
      status: 'sent',
      createdAt: '2027-06-01T08:00:00.000Z',
      sentAt: '2027-06-01T08:00:05.000Z',
    },
  ],
  messages: [],
  waitlist: [],
  giftVouchers: [],
};

const page = (entry: string) =>
  render(
    <WithQueryClient>
      <MemoryRouter initialEntries={[entry]}>
        <MyDataPage />
      </MemoryRouter>
    </WithQueryClient>,
  );

describe('the page an e-mailed link opens', () => {
  it('lists what is held by kind, with why and for how long, in the page’s language, opening the link once', async () => {
    await i18n.changeLanguage('de');
    const fetch = answering({ body: EXPORT });
    page('/my-data#purpose=export&token=tok-123');
    expect(
      await screen.findByRole('heading', { name: /Was wir unter olga@example\.com speichern/ }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Buchungen' })).toBeTruthy();
    expect(screen.getByText(/1F0A9B8C · 10\.06\.2027.*300,00 €/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rechnungen auf Ihren Namen' })).toBeTruthy();
    expect(screen.getByText(/S2027-000001/)).toBeTruthy();
    expect(screen.getByText(/Ihre Buchung 1F0A9B8C/)).toBeTruthy();
    expect(screen.getAllByText(/Wie lange:/).length).toBe(6);
    expect(screen.getByRole('button', { name: 'Als Datei herunterladen (JSON)' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sentBody(fetch)).toEqual({ token: 'tok-123' });
  });

  it('says a spent link is spent and offers a new one', async () => {
    answering({
      status: 403,
      body: {
        error: 'invalid_data_link',
        message: 'This link has expired or was used already. Ask for a new one.',
      },
    });
    page('/my-data#purpose=export&token=tok-used');
    expect(
      await screen.findByText(/This link has expired or was used already\. Ask for a new one below\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'E-mail me a download link' })).toBeTruthy();
  });

  it('erases only after the press, and says by when a waiting request is carried out', async () => {
    await i18n.changeLanguage('de');
    const fetch = answering({
      body: { status: 'queued', dueAt: '2027-07-01T09:00:00.000Z', waitingFor: ['upcoming_trip'] },
    });
    page('/my-data#purpose=erasure&token=tok-erase');
    expect(await screen.findByRole('heading', { name: 'Meine Daten löschen' })).toBeTruthy();
    // What an invoice keeps, with the limit in the page's language (never a bare placeholder).
    expect(screen.getByText(/Postanschrift auf einer Rechnung über 400 €/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('{{');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Meine Daten löschen' }));
    expect(await screen.findByText(/spätestens am 01\.07\.2027/)).toBeTruthy();
    expect(sentBody(fetch)).toEqual({ token: 'tok-erase' });
  });
});
