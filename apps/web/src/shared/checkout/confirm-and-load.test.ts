// The card page's return: a sale that could not keep its promo code (its e-mail rules are
// checked only at the sale, issue 53) is said in the page's language, not as a raw 409.
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../test/test-i18n';
import { confirmAndLoad } from './confirm-and-load';
import { rememberConfirmed } from './payment-markers';

// The server's answer to the confirm call, through the real API client (no module mock: the
// suite shares its module cache between files).
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            error: 'promo_not_applicable',
            message: 'The promo code cannot be used for this booking.',
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
});

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('confirmAndLoad', () => {
  it('explains a promo code refused at the sale, with the refund', async () => {
    const result = await confirmAndLoad('pi_promo_refused', 'k-1');
    expect(result).toEqual({
      ok: false,
      message:
        'This promo code cannot be used for this booking, so the booking was not completed. Your payment is refunded in full. You can book again without the code.',
    });
    await i18n.changeLanguage('es');
    expect(await confirmAndLoad('pi_promo_refused_es', 'k-1')).toMatchObject({
      message: expect.stringContaining('Este código promocional no se puede usar'),
    });
  });
});

describe('a reload of a confirmed return', () => {
  it('loads the booking with the checkout key of the return address, and says so without one', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ error: 'invalid_checkout_key', message: 'No' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    rememberConfirmed('pi_reloaded', 'b-1');
    // No confirm call again: the booking is loaded, the key in the query (the id alone opens nothing).
    expect(await confirmAndLoad('pi_reloaded', 'k 1')).toMatchObject({ ok: false });
    expect(urls).toEqual(['/checkout/booking/b-1?key=k+1']);
    // A return address without its key asks nothing of the server.
    expect(await confirmAndLoad('pi_reloaded', null)).toMatchObject({ ok: false });
    expect(urls).toHaveLength(1);
  });
});
