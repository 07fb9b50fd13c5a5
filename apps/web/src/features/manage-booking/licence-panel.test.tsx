// Manage my booking's licence form (decision 39): only the licences that cover the boat are
// offered, the photo is sent when chosen and named in the licence, the refusal policy is said,
// and once crew refused the departure their reason shows.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { LicencePanel } from './licence-panel';

beforeAll(setupTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const PHOTO = 'evidence-1b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const blank = { required: 'per', foreignAccepted: false, editable: true, licence: null };
const recorded = {
  skipperName: 'Ana García',
  licenceType: 'py',
  licenceNumber: 'PY-123456',
  issuingCountry: 'ES',
  photo: PHOTO,
  status: 'recorded',
  recordedBy: 'customer',
  recordedAt: '2027-06-09T10:00:00.000Z',
  checkedAt: null,
  checkedBy: null,
  refusalReason: null,
};

type Call = { url: string; method: string; body: unknown };

function stubApi(answers: Record<string, unknown>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({
        url,
        method,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      });
      const key = `${method} ${url.replace(/\?.*$/, '')}`;
      return new Response(JSON.stringify(answers[key]), { status: 200 });
    }),
  );
  return calls;
}

const base = `/api/bookings/${ID}/self-drive`;

describe("manage my booking: the skipper's licence", () => {
  it('offers only the licences that cover the boat, sends the photo first and saves the licence with it', async () => {
    const calls = stubApi({
      [`GET ${base}/licence`]: blank,
      [`POST ${base}/photos`]: { photo: PHOTO },
      [`PUT ${base}/licence`]: { ...blank, licence: recorded },
    });
    const user = userEvent.setup();
    render(
      <WithQueryClient>
        <LicencePanel bookingId={ID} token="tok en" />
      </WithQueryClient>,
    );
    const licence = await screen.findByRole('combobox', { name: 'Licence' });
    expect(
      within(licence)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Recreational boat skipper (PER)', 'Yacht skipper (Patrón de Yate)']);
    expect(screen.getByTestId('licence-refusal-policy').textContent).toContain(
      'Without a valid licence the boat does not leave and the booking is not refunded',
    );
    expect(screen.getByRole('link', { name: 'Rental agreement (PDF)' }).getAttribute('href')).toBe(
      `${base}/agreement.pdf?token=tok%20en`,
    );

    await user.type(screen.getByLabelText("Skipper's full name"), 'Ana García');
    await user.selectOptions(licence, 'py');
    await user.type(screen.getByLabelText('Licence number'), 'PY-123456');
    await user.type(screen.getByLabelText('Issuing country'), 'es');
    await user.click(screen.getByRole('button', { name: 'Save the licence' }));
    // No photo yet: the field says so, nothing is sent.
    expect(await screen.findByText('Upload the photo with the button')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.upload(
      screen.getByLabelText('Photo of the licence'),
      new File(['jpeg bytes'], 'licence.jpg', { type: 'image/jpeg' }),
    );
    const photo = await screen.findByRole('img', { name: "Photo of the skipper's licence" });
    expect(photo.getAttribute('src')).toBe(`${base}/photos/${PHOTO}-960.webp?token=tok%20en`);
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`${base}/photos?token=tok%20en`);

    await user.click(screen.getByRole('button', { name: 'Save the licence' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      skipperName: 'Ana García',
      licenceType: 'py',
      licenceNumber: 'PY-123456',
      issuingCountry: 'ES',
      photo: PHOTO,
      token: 'tok en',
    });
    expect(
      await screen.findByText('Licence saved. Bring the document: crew compare it at the harbour.'),
    ).toBeTruthy();
    expect(screen.getByTestId('licence-status').textContent).toBe(
      'Recorded by the customer, to be checked against the document',
    );
  });

  it("says crew's reason once they refused the departure, with no form left", async () => {
    stubApi({
      [`GET ${base}/licence`]: {
        ...blank,
        editable: false,
        licence: { ...recorded, status: 'refused', refusalReason: 'The licence has expired' },
      },
    });
    render(
      <WithQueryClient>
        <LicencePanel bookingId={ID} token="t" />
      </WithQueryClient>,
    );
    expect((await screen.findByTestId('licence-status')).textContent).toBe(
      'Departure refused: The licence has expired',
    );
    expect(screen.queryByRole('button', { name: 'Save the licence' })).toBeNull();
  });

  it('shows nothing for a boat that comes with its skipper', async () => {
    stubApi({ [`GET ${base}/licence`]: { ...blank, required: null, editable: false } });
    const { container } = render(
      <WithQueryClient>
        <LicencePanel bookingId={ID} token="t" />
      </WithQueryClient>,
    );
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
