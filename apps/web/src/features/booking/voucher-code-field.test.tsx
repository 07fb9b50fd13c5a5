// The review's gift voucher field: Apply asks the server with the total; a refusal is said under
// the field in the visitor's language by its code, and an accepted voucher is handed on.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { VoucherCodeField } from './voucher-code-field';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

function renderField() {
  const onChange = vi.fn();
  render(
    <WithQueryClient>
      <VoucherCodeField boatId="b1" totalCents={36_000} applied={null} onChange={onChange} />
    </WithQueryClient>,
  );
  return onChange;
}

describe('the gift voucher field', () => {
  it('says a refusal in the visitor language, at the field', async () => {
    await i18n.changeLanguage('de');
    answer(400, {
      error: 'voucherExpired',
      message: 'This gift voucher has expired.',
      fields: [{ path: 'querystring.code', message: 'voucherExpired' }],
    });
    const onChange = renderField();
    const field = screen.getByLabelText('Gutschein');
    await userEvent.type(field, 'gv7kq2m9xd{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Dieser Gutschein ist abgelaufen.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('asks with the code and the total, and hands on the balance', async () => {
    const check = {
      code: 'GV-7KQ2-M9XD',
      balance: 15_000,
      voucherAmount: 15_000,
      cardAmount: 21_000,
      expiresAt: '2028-11-26T10:00:00.000Z',
    };
    answer(200, check);
    const onChange = renderField();
    await userEvent.type(screen.getByLabelText('Gift voucher'), 'gv-7kq2-m9xd');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(check));
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/boat/b1/voucher?code=gv-7kq2-m9xd&total=36000');
  });
});
