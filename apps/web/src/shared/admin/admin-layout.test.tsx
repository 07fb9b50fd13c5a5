import { render, screen } from '@testing-library/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WithQueryClient } from '../test/with-query-client';
import { AdminLayout } from './admin-layout';
import { setupTestI18n } from '../test/test-i18n';

beforeAll(setupTestI18n);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function sessionAs(
  role: 'admin' | 'user' | 'crew' | 'agent' | null,
  page: ReactNode = <p>secret admin content</p>,
  path = '/admin/boats',
) {
  const body = role
    ? { accessToken: 't', user: { email: `${role}@example.com`, role } }
    : { message: 'No session' };
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: role ? 200 : 401 }))),
  );
  // This browser signed in before, so the layout restores the session from the refresh cookie.
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter initialEntries={[path]}>
      <WithQueryClient>
        {/* The app's own boundary around every route (app.tsx). */}
        <Suspense fallback={<p>whole page loading</p>}>
          <Routes>
            <Route path="/admin/boats" element={<AdminLayout title="Boats">{page}</AdminLayout>} />
            <Route
              path="/admin/security"
              element={
                <AdminLayout title="Security" access="account">
                  <p>the account's own security</p>
                </AdminLayout>
              }
            />
            <Route
              path="/admin/desk"
              element={
                <AdminLayout title="Agent desk" access="agent">
                  <p>the agent desk</p>
                </AdminLayout>
              }
            />
          </Routes>
        </Suspense>
      </WithQueryClient>
    </MemoryRouter>,
  );
}

describe('AdminLayout', () => {
  it('shows the page, the navigation and sign-out to an admin', async () => {
    sessionAs('admin');
    expect(await screen.findByText('secret admin content')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Boats' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bookings' }).getAttribute('href')).toBe('/admin/bookings');
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/admin/messages');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the page closed for a visitor and opens the sign-in dialog', async () => {
    sessionAs(null);
    expect(await screen.findByRole('heading', { name: 'Administrators only' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('secret admin content')).toBeNull();
    // Nor does the menu list the back office's pages to a visitor.
    expect(screen.queryByRole('link', { name: 'Bookings' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invoicing' })).toBeNull();
  });

  it('keeps the page closed for a signed-in non-admin', async () => {
    sessionAs('user');
    expect(await screen.findByText(/not an administrator/)).toBeTruthy();
    expect(screen.queryByText('secret admin content')).toBeNull();
  });

  it('tells signed-in crew why the page is closed and leads to Trips, without a sign-in form over it', async () => {
    sessionAs('crew');
    expect(await screen.findByText(/not an administrator/)).toBeTruthy();
    expect(screen.getByRole('link', { name: "Open today's trips" }).getAttribute('href')).toBe(
      '/admin/trips',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('secret admin content')).toBeNull();
  });

  it('keeps its frame (and a sign-in dialog in it) while the page loads its code once allowed', async () => {
    // A page whose code never arrives: the frame stays, its content shows the loading bar.
    const NeverLoaded = lazy(() => new Promise<{ default: () => ReactNode }>(() => {}));
    sessionAs('admin', <NeverLoaded />);
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Boats' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByText('whole page loading')).toBeNull();
  });

  it('takes a signed-in agent to its desk, whose menu leads only to its own Security page', async () => {
    sessionAs('agent');
    expect(await screen.findByText('the agent desk')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Desk' }).getAttribute('href')).toBe('/admin/desk');
    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/admin/security');
    expect(screen.queryByRole('link', { name: 'Trips' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bookings' })).toBeNull();
    expect(screen.queryByText('secret admin content')).toBeNull();
  });

  it("opens an agent's own Security page, where it may add a second factor", async () => {
    sessionAs('agent', undefined, '/admin/security');
    expect(await screen.findByText("the account's own security")).toBeTruthy();
    expect(screen.queryByText('the agent desk')).toBeNull();
  });
});
