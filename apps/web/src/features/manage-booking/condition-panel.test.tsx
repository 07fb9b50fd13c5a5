// Manage my booking shows the customer the boat's condition as they signed it (decision 39): the
// return beside the departure with what changed, their signature, the photos through their link.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { ConditionPanel } from './condition-panel';

beforeAll(setupTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const DENT = 'evidence-1b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c';
const record = (values: object, photos: string[], recordedAt: string) => ({
  values,
  photos,
  signature: 'M10 50 L20 40 L30 60 L40 40 L50 60 L60 45',
  signedBy: 'Ana García',
  recordedAt,
  recordedBy: null,
});

describe("manage my booking: the boat's condition", () => {
  it('shows the return beside the departure, what changed, the signature and the photos', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              checklist: [
                { key: 'fuel', kind: 'level' },
                { key: 'paddle_board', kind: 'present', label: 'Paddle board' },
              ],
              departure: record({ fuel: 4, paddle_board: true }, [], '2027-06-10T09:00:00.000Z'),
              return: record({ fuel: 1, paddle_board: true }, [DENT], '2027-06-10T13:00:00.000Z'),
            }),
            { status: 200 },
          ),
      ),
    );
    render(
      <WithQueryClient>
        <ConditionPanel bookingId={ID} token="t k" />
      </WithQueryClient>,
    );
    const table = await screen.findByTestId('condition-comparison');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ItemDepartureReturn', 'Fuel level · changedFull¼ tank', 'Paddle boardOn boardOn board']);
    expect(screen.getByTestId('condition-return').textContent).toContain(
      'Return · Signed by Ana García at 14:00',
    );
    expect(screen.getAllByRole('img', { name: 'Signature of Ana García' })).toHaveLength(2);
    expect(screen.getByRole('img', { name: "Photo of the boat's condition" }).getAttribute('src')).toBe(
      `/api/bookings/${ID}/self-drive/photos/${DENT}-960.webp?token=t%20k`,
    );
  });
});
