import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { adminBoat } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import AdminBoatEditorPage from './admin-boat-editor-page';

beforeAll(setupTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Call = { url: string; body: unknown };

/**
 * The editor of `boat` for a signed-in account of `role`; the server's calls it made. A listing
 * step answers `stepAnswer` (the boat after it, or a refusal); a save answers `savedBoat`.
 */
function openEditorAs(
  role: 'admin' | 'owner',
  boat: AdminBoat = adminBoat,
  stepAnswer: { status: number; body: unknown } = { status: 200, body: { boat } },
  savedBoat: AdminBoat = boat,
) {
  const session = { accessToken: 't', user: { email: `${role}@example.com`, role, ownerId: 'o1' } };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const [status, body] = url.endsWith('/history')
        ? [200, { items: [] }]
        : url.endsWith('/listing')
          ? [stepAnswer.status, stepAnswer.body]
          : url === `/api/admin/boats/${boat._id}`
            ? [200, { boat }]
            : url.startsWith('/api/boats/update/')
              ? [200, { boat: savedBoat }]
              : [200, session];
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter initialEntries={[`/admin/boats/edit/${boat._id}`]}>
      <WithQueryClient>
        <Routes>
          <Route path="/admin/boats/edit/:boatId" element={<AdminBoatEditorPage />} />
        </Routes>
      </WithQueryClient>
    </MemoryRouter>,
  );
  return calls;
}

describe('the boat editor’s history', () => {
  it('is there for the platform admin', async () => {
    openEditorAs('admin');
    expect(await screen.findByDisplayValue(adminBoat.title, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('History')).toBeTruthy();
  });

  it('is not there for an owner, whom the server refuses it', async () => {
    const calls = openEditorAs('owner');
    expect(await screen.findByDisplayValue(adminBoat.title, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('History')).toBeNull();
    expect(calls.some(({ url }) => url.endsWith('/history'))).toBe(false);
  });
});

describe('the boat editor’s listing', () => {
  it('shows an owner’s draft as a draft with what is missing and "Submit for review", never "Active" or "Verified"', async () => {
    openEditorAs('owner');
    const listing = await screen.findByRole('region', { name: 'Listing' }, { timeout: 5000 });
    expect(within(listing).getByText('Draft: not on the site')).toBeTruthy();
    expect(within(listing).getByText('at least one photo')).toBeTruthy();
    expect(
      within(listing).getByRole('button', { name: `Submit for review: ${adminBoat.title}` }),
    ).toBeTruthy();
    // Only the platform says a boat is verified; nobody ticks a boat onto the site.
    expect(screen.queryByLabelText('Verified')).toBeNull();
    expect(screen.queryByLabelText(/Active/)).toBeNull();
    expect(screen.queryByText('Active')).toBeNull();
  });

  it('keeps "Verified" for the platform admin, who approves a boat in review', async () => {
    openEditorAs('admin', { ...adminBoat, listing: 'in_review', missing: [] });
    expect(await screen.findByLabelText('Verified', {}, { timeout: 5000 })).toBeTruthy();
    const listing = screen.getByRole('region', { name: 'Listing' });
    expect(within(listing).getByText('In review: waiting for the platform')).toBeTruthy();
    expect(within(listing).getByRole('button', { name: /^Approve and publish/ })).toBeTruthy();
    expect(within(listing).getByRole('button', { name: /^Send back to the owner/ })).toBeTruthy();
  });

  it('says what the server refused a submission for, by name', async () => {
    const calls = openEditorAs('owner', adminBoat, {
      status: 409,
      body: {
        error: 'listing_incomplete',
        message: 'The boat still needs: photos, price',
        details: { missing: ['photos', 'price'] },
      },
    });
    fireEvent.click(
      await screen.findByRole('button', { name: `Submit for review: ${adminBoat.title}` }, { timeout: 5000 }),
    );
    expect(
      await screen.findByText(
        'Not yet: the boat still needs at least one photo, a price (charter per hour or seat per hour).',
      ),
    ).toBeTruthy();
    expect(calls.find(({ url }) => url.endsWith('/listing'))?.body).toEqual({ action: 'submit' });
  });

  it('drops the refusal once a save gives the boat what it needed (issue 58)', async () => {
    const refusal = {
      status: 409,
      body: {
        error: 'listing_incomplete',
        message: 'The boat still needs: photos, price',
        details: { missing: ['photos', 'price'] },
      },
    };
    openEditorAs('owner', adminBoat, refusal, { ...adminBoat, missing: [] });
    fireEvent.click(
      await screen.findByRole('button', { name: `Submit for review: ${adminBoat.title}` }, { timeout: 5000 }),
    );
    const notYet = /^Not yet: the boat still needs/;
    expect(await screen.findByText(notYet)).toBeTruthy();
    const form = screen.getByDisplayValue(adminBoat.title).closest('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(notYet)).toBeNull());
    expect(
      within(screen.getByRole('region', { name: 'Listing' })).queryByText('at least one photo'),
    ).toBeNull();
  });

  it('sends a boat back with the platform’s note to its owner', async () => {
    vi.stubGlobal(
      'prompt',
      vi.fn(() => '  The photos are too dark.  '),
    );
    const calls = openEditorAs('admin', { ...adminBoat, listing: 'in_review', missing: [] });
    fireEvent.click(
      await screen.findByRole('button', { name: /^Send back to the owner/ }, { timeout: 5000 }),
    );
    await waitFor(() =>
      expect(calls.find(({ url }) => url.endsWith('/listing'))?.body).toEqual({
        action: 'send_back',
        note: 'The photos are too dark.',
      }),
    );
  });
});

describe('the boat editor’s translations of typed inclusions', () => {
  it('asks for each inclusion the owner typed in each language, not the known ones, and saves what is typed', async () => {
    const boat: AdminBoat = {
      ...adminBoat,
      inclusions: ['skipper', 'Cold towels on board'],
      inclusionsI18n: { 'Cold towels on board': { es: 'Toallas frías a bordo' } },
    };
    const calls = openEditorAs('owner', boat);
    const spanish = await screen.findByLabelText<HTMLInputElement>(
      "What's included: Cold towels on board (Spanish)",
      {},
      { timeout: 5000 },
    );
    expect(spanish.value).toBe('Toallas frías a bordo');
    expect(spanish.lang).toBe('es');
    expect(screen.queryByLabelText(/What's included: skipper/i)).toBeNull();

    fireEvent.change(screen.getByLabelText("What's included: Cold towels on board (German)"), {
      target: { value: 'Kalte Tücher an Bord' },
    });
    fireEvent.click(within(spanish.closest('form')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some(({ url }) => url.startsWith('/api/boats/update/'))).toBe(true));
    const saved = calls.find(({ url }) => url.startsWith('/api/boats/update/'))!.body as AdminBoat;
    expect(saved.inclusions).toEqual(['skipper', 'Cold towels on board']);
    expect(saved.inclusionsI18n?.['Cold towels on board']).toMatchObject({
      es: 'Toallas frías a bordo',
      de: 'Kalte Tücher an Bord',
      fr: '',
    });
  });
});
