// What a visitor sees when an e-mail's link opens a page: its title and what the link opens, or,
// when the address lost one of the link's parameters, that the link is not valid.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../test/test-i18n';
import { WithQueryClient } from '../test/with-query-client';
import { LinkPage } from './link-page';

beforeAll(setupTestI18n);

function openAt(address: string) {
  render(
    <WithQueryClient>
      <MemoryRouter initialEntries={[address]}>
        <LinkPage className={undefined} title="Your review" params={['booking', 'token']} invalid="Not valid">
          {({ booking, token }) => <p>{`Review of ${booking} with ${token}`}</p>}
        </LinkPage>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

describe('a page opened from an e-mail link', () => {
  it('opens what the link names, under the page title', () => {
    openAt('/review?booking=b-1&token=t-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Your review' })).toBeTruthy();
    expect(screen.getByText('Review of b-1 with t-1')).toBeTruthy();
    expect(screen.queryByText('Not valid')).toBeNull();
  });

  it('says the link is not valid when the address lost a parameter', () => {
    openAt('/review?booking=b-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Your review' })).toBeTruthy();
    expect(screen.getByText('Not valid')).toBeTruthy();
    expect(screen.queryByText(/Review of/)).toBeNull();
  });
});
