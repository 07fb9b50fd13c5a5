import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { adminBoat } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import AdminBoatsPage from './admin-boats-page';

beforeAll(setupTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const live: AdminBoat = {
  ...adminBoat,
  _id: '00000000-0000-4000-8000-000000000002',
  title: 'Blue Marlin',
  listing: 'live',
  isActive: true,
  missing: [],
  ownerName: 'AD Boat Rental',
};

function openListAs(role: 'admin' | 'owner', items: AdminBoat[]) {
  const session = { accessToken: 't', user: { email: `${role}@example.com`, role, ownerId: 'o1' } };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        new Response(JSON.stringify(url === '/api/admin/boats' ? { items } : session), { status: 200 }),
      ),
    ),
  );
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter>
      <WithQueryClient>
        <AdminBoatsPage />
      </WithQueryClient>
    </MemoryRouter>,
  );
}

describe('the boats list', () => {
  it('shows the platform admin each boat’s owner and state, with the steps lined up in its card', async () => {
    openListAs('admin', [{ ...adminBoat, listing: 'in_review', missing: [] }, live]);
    const list = await screen.findByRole('list', { name: 'Boats' }, { timeout: 5000 });
    const [review, onSite] = [...list.children] as HTMLElement[];
    expect(review!.textContent).toContain('Owner: Marlin Charters');
    expect(review!.textContent).toContain('In review: waiting for the platform');
    expect(
      within(review!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Send back to the owner', 'Approve and publish', 'Suspend', 'Archive']);
    expect(onSite!.textContent).toContain('Owner: AD Boat Rental');
    expect(onSite!.textContent).toContain('Live: on the site');
    expect(
      within(onSite!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pause', 'Suspend', 'Archive']);
  });

  it('shows an owner their draft as a draft, what it still needs and the submission, never "Active"', async () => {
    openListAs('owner', [adminBoat]);
    const list = await screen.findByRole('list', { name: 'Boats' }, { timeout: 5000 });
    const card = list.children[0] as HTMLElement;
    expect(card.textContent).toContain('Draft: not on the site');
    expect(card.textContent).toContain('at least one photo');
    expect(card.textContent).not.toContain('Active');
    expect(card.textContent).not.toContain('Owner:');
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Submit for review', 'Archive']);
  });

  it('asks an owner what becomes of the paid trips ahead before pausing, and sends the choice', async () => {
    const posted: { url: string; body: unknown }[] = [];
    const session = { accessToken: 't', user: { email: 'owner@example.com', role: 'owner', ownerId: 'o1' } };
    const upcoming = {
      items: [
        {
          _id: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
          reference: '1F0A9B8C',
          boatTitle: 'Blue Marlin',
          startsAt: '2026-11-20T10:00:00.000Z',
          customerName: 'Ana Pérez',
          people: 2,
          paid: 150,
        },
      ],
      requests: [],
    };
    const boat = { ...live, upcomingBookings: 1 };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'POST' && url.startsWith('/api/admin/'))
          posted.push({ url, body: JSON.parse(init.body as string) as unknown });
        const body =
          url === '/api/admin/boats'
            ? { items: [boat] }
            : url.endsWith('/upcoming-bookings')
              ? upcoming
              : url.endsWith('/pause')
                ? {
                    boat: { ...boat, listing: 'paused' },
                    outcome: { canceled: 1, refunded: 150, declined: 0 },
                  }
                : session;
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
    );
    localStorage.setItem('app.session', '1');
    render(
      <MemoryRouter>
        <WithQueryClient>
          <AdminBoatsPage />
        </WithQueryClient>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pause: Blue Marlin' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause Blue Marlin?' });
    expect(await within(dialog).findByText(/#1F0A9B8C · Blue Marlin · Ana Pérez, 2 people/)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Cancel each one and refund it in full/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause the listing' }));
    await vi.waitFor(() =>
      expect(posted).toEqual([
        { url: `/api/admin/boats/${boat._id}/pause`, body: { upcoming: 'cancel_and_refund' } },
      ]),
    );
  });
});
