// The side menu leads a signed-in agent to its desk (the agents' back office), and nobody else.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WithQueryClient } from '../test/with-query-client';
import { setupTestI18n } from '../test/test-i18n';
import { SiteMenu } from './site-menu';

beforeAll(setupTestI18n);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function menuOf(role: 'agent' | 'crew') {
  const session = { accessToken: 't', user: { email: `${role}@example.com`, role } };
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(session), { status: 200 }))),
  );
  // This browser signed in before: the menu restores the session from the refresh cookie.
  localStorage.setItem('app.session', '1');
  render(
    <MemoryRouter>
      <WithQueryClient>
        <SiteMenu />
      </WithQueryClient>
    </MemoryRouter>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: /menu/i }));
  await screen.findByText(`Signed in as ${role}@example.com`, { exact: false });
  return screen.queryByRole('navigation', { name: 'Back office', hidden: true });
}

describe('site menu', () => {
  it('leads an agent to its desk', async () => {
    const office = await menuOf('agent');
    expect(within(office!).getByRole('link', { name: 'Agent desk', hidden: true }).getAttribute('href')).toBe(
      '/admin/desk',
    );
  });

  it('has no back-office links for crew', async () => {
    expect(await menuOf('crew')).toBeNull();
  });
});
