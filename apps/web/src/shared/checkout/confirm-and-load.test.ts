// The card page's return: a sale that could not keep its promo code (its e-mail rules are
// checked only at the sale, issue 53) is said in the page's language, not as a raw 409.
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { setupTestI18n } from '../test/test-i18n';
import { confirmAndLoad } from './confirm-and-load';

vi.mock('./checkout-api', () => ({
  confirmPayment: vi.fn(() =>
    Promise.reject(
      new ApiError(409, 'The promo code cannot be used for this booking.', '{}', [], 'promo_not_applicable'),
    ),
  ),
  loadBooking: vi.fn(),
}));

beforeAll(setupTestI18n);
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('confirmAndLoad', () => {
  it('explains a promo code refused at the sale, with the refund', async () => {
    const result = await confirmAndLoad('pi_promo_refused');
    expect(result).toEqual({
      ok: false,
      message:
        'This promo code cannot be used for this booking, so the booking was not completed. Your payment is refunded in full. You can book again without the code.',
    });
    await i18n.changeLanguage('es');
    expect(await confirmAndLoad('pi_promo_refused_es')).toMatchObject({
      message: expect.stringContaining('Este código promocional no se puede usar'),
    });
  });
});
