import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResellerWebhook } from '@boats/domain/schemas/resellers';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { reseller as resellerFixture } from '../../shared/test/fixtures';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ResellerWebhooks } from './reseller-webhooks';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const reseller = resellerFixture();
const hook: ResellerWebhook = {
  _id: 'w1',
  event: 'booking_update',
  url: 'https://viator.example/octo',
  createdAt: '2026-11-27T08:00:00.000Z',
};

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

describe('a reseller’s webhooks on its card', () => {
  it('adds one and shows the signing secret it made, once', async () => {
    const fetch = vi.fn(() => json({ webhook: hook, secret: 'whsec_shown-once' }));
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <ResellerWebhooks reseller={reseller} />
      </WithQueryClient>,
    );
    await userEvent.type(screen.getByLabelText('Webhook URL'), 'https://viator.example/octo');
    await userEvent.click(screen.getByRole('button', { name: 'Add the webhook' }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/resellers/r1/webhooks',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ url: 'https://viator.example/octo' }),
      }),
    );
    expect(await screen.findByText('whsec_shown-once')).toBeTruthy();
  });

  it('removes one, and makes a new secret once the reseller has one', async () => {
    const fetch = vi.fn((url: string) =>
      json(url.endsWith('webhook-secret') ? { secret: 'whsec_new' } : { webhook: hook }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <WithQueryClient>
        <ResellerWebhooks reseller={{ ...reseller, webhooks: [hook], webhookSecretSet: true }} />
      </WithQueryClient>,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove the webhook https://viator.example/octo' }),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/resellers/r1/webhooks/w1',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Make a new signing secret' }));
    expect(await screen.findByText('whsec_new')).toBeTruthy();
  });
});
