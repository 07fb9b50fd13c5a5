import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boat } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { setupTestI18n } from '../../shared/test/test-i18n';
import AdminBoatEditorPage from './admin-boat-editor-page';

beforeAll(setupTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The editor of the fixture boat for a signed-in account of `role`; the server's calls it made. */
function openEditorAs(role: 'admin' | 'owner') {
  const session = { accessToken: 't', user: { email: `${role}@example.com`, role, ownerId: 'o1' } };
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const body = url.endsWith('/history')
        ? { items: [] }
        : url === `/api/admin/boats/${boat._id}`
          ? { boat }
          : session;
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
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
    expect(await screen.findByDisplayValue(boat.title, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('History')).toBeTruthy();
  });

  it('is not there for an owner, whom the server refuses it', async () => {
    const calls = openEditorAs('owner');
    expect(await screen.findByDisplayValue(boat.title, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('History')).toBeNull();
    expect(calls.some((url) => url.endsWith('/history'))).toBe(false);
  });
});
