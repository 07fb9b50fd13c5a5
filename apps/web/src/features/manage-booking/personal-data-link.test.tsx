// The customer's data rights on manage my booking: "Download my data" (the booking's own signed
// link to the export, in the page's language) and "Erase my data" (what is erased and what the
// law keeps said before the second press; done at once, or the due date when it must wait).
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

const id = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';

describe('the personal data link', () => {
  it('downloads the export of this booking with its token, said in the page’s language', async () => {
    await i18n.changeLanguage('es');
    render(<PersonalDataLink bookingId={id} token="a+b/c=" />);
    const link = screen.getByRole('link', { name: 'Descargar mis datos' });
    expect(link.getAttribute('href')).toBe(`/api/bookings/${id}/personal-data?token=a%2Bb%2Fc%3D`);
    expect(link.hasAttribute('download')).toBe(true);
  });
});

describe('erasing my data', () => {
  const answering = (answer: unknown) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <ErasurePanel bookingId={id} token="t" erased={false} />
      </WithQueryClient>,
    );
    return fetch;
  };

  it('says an invoice keeps its recipient before the second press, then that it is done', async () => {
    const fetch = answering({ status: 'done' });
    await userEvent.click(screen.getByRole('button', { name: 'Erase my data…' }));
    expect(screen.getByText(/An invoice keeps its recipient/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Erase my data' }));
    expect(await screen.findByText('Your data has been erased.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      `/api/bookings/${id}/erasure`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows the date by which a waiting request is carried out, in the page’s language', async () => {
    await i18n.changeLanguage('de');
    answering({ status: 'queued', dueAt: '2027-07-01T09:00:00.000Z', waitingFor: ['upcoming_trip'] });
    await userEvent.click(screen.getByRole('button', { name: 'Meine Daten löschen…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Meine Daten löschen' }));
    expect(await screen.findByText(/spätestens am 01\.07\.2027/)).toBeTruthy();
  });
});
