import { render, screen, within } from '@testing-library/react';
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
});
