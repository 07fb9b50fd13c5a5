import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoatHistoryEntry } from '@boats/domain/schemas/owner';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { BoatHistory } from './boat-history';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

// Newest first, as the server sends them; 09:05 UTC in July is 10:05 in the Canaries.
const entries: BoatHistoryEntry[] = [
  {
    at: '2026-07-14T09:05:00.000Z',
    action: 'edited',
    actor: 'admin@example.com',
    actorRole: 'admin',
    fields: ['capacity', 'pricePerHourCents', 'requiresLicense', 'title'],
    changes: [
      { field: 'capacity', from: 6, to: 8 },
      { field: 'pricePerHourCents', from: 10000, to: 12050 },
      { field: 'requiresLicense', from: false, to: true },
      { field: 'title' },
    ],
  },
  {
    at: '2026-07-01T08:00:00.000Z',
    action: 'created',
    actor: 'owner@example.com',
    actorRole: 'owner',
    fields: [],
    changes: [],
  },
];

function answer(items: BoatHistoryEntry[]) {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify({ items }), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function openHistory(name: string) {
  render(
    <WithQueryClient>
      <BoatHistory boatId="b1" />
    </WithQueryClient>,
  );
  await userEvent.click(screen.getByText(name));
}

describe('a boat’s history for the platform admin', () => {
  it('asks nothing until opened, then lists each change newest first with when, who and what', async () => {
    const fetch = answer(entries);
    render(
      <WithQueryClient>
        <BoatHistory boatId="b1" />
      </WithQueryClient>,
    );
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('History'));
    const list = await screen.findByRole('list', { name: 'History' });
    expect(fetch).toHaveBeenCalledWith('/api/admin/boats/b1/history', expect.anything());
    const [edit, created] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(edit!.textContent).toContain('Edited');
    expect(edit!.textContent).toContain('14/07/2026 10:05');
    expect(edit!.textContent).toContain('by admin@example.com (platform admin)');
    expect(
      within(edit!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Capacity (people): 6 → 8',
      'Charter per hour: €100.00 → €120.50',
      'Boating licence required: no → yes',
      'Title',
    ]);
    expect(created!.textContent).toContain('Created');
    expect(created!.textContent).toContain('by owner@example.com (owner)');
  });

  it('reads in Spanish', async () => {
    answer(entries);
    await i18n.changeLanguage('es');
    await openHistory('Historial');
    const list = await screen.findByRole('list', { name: 'Historial' });
    const edit = within(list).getAllByRole('listitem')[0]!;
    expect(edit.textContent).toContain('Editado');
    expect(edit.textContent).toContain('14/07/2026 10:05');
    expect(edit.textContent).toContain('por admin@example.com (administración de la plataforma)');
    // Spanish money puts a no-break space before the euro sign.
    const lines = within(edit)
      .getAllByRole('listitem')
      .map((li) => li.textContent.replace(/\s/g, ' '));
    expect(lines).toEqual([
      'Capacidad (personas): 6 → 8',
      'Alquiler por hora: 100,00 € → 120,50 €',
      'Requiere licencia de navegación: no → sí',
      'Título',
    ]);
  });

  it('says so when nothing is recorded', async () => {
    answer([]);
    await openHistory('History');
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  });
});
