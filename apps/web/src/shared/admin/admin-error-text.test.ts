// The server's refusals as the operator reads them: in the back office's language, with the
// statuses, amounts and booking references of the answer; the server's own words only for a
// code the back office does not know.
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { setupTestI18n } from '../test/test-i18n';
import { adminErrorText } from './admin-error-text';

beforeAll(setupTestI18n);
afterEach(() => i18n.changeLanguage('en'));

const refusal = (status: number, body: { error: string; message: string; details?: object }) =>
  new ApiError(status, body.message, JSON.stringify(body), [], body.error);
const text = (err: unknown) => adminErrorText(i18n.t, err);

describe('adminErrorText', () => {
  it('says a refused status change with both statuses in the viewer’s language', async () => {
    const err = refusal(409, {
      error: 'invalidTransition',
      message: 'A canceled booking cannot become confirmed',
      details: { from: 'canceled', to: 'confirmed' },
    });
    expect(text(err)).toBe(
      'This booking is Canceled now, so it cannot become Confirmed. The list shows it as it is now.',
    );
    await i18n.changeLanguage('ru');
    expect(text(err)).toBe(
      'Статус бронирования уже «Отменено», поэтому оно не может стать «Подтверждено». В списке оно показано как сейчас.',
    );
  });

  it('formats the refundable amount and lists the bookings that keep a slot', async () => {
    await i18n.changeLanguage('es');
    expect(
      text(
        refusal(409, {
          error: 'refund_exceeds_received',
          message: 'At most €120.50 can be refunded.',
          details: { refundable: 120.5 },
        }),
      ),
    ).toMatch(/^Se puede reembolsar como máximo 120,50\s€\.$/);
    expect(
      text(
        refusal(409, {
          error: 'slot_has_paid_bookings',
          message: 'This slot cannot be deleted while it has paid bookings',
          details: {
            bookings: [
              { ref: 'AB12CD34', customerName: 'Ana' },
              { ref: 'EF56GH78', customerName: null },
            ],
          },
        }),
      ),
    ).toBe('Esta franja tiene reservas pagadas: #AB12CD34 (Ana), #EF56GH78. Cancélalas primero.');
  });

  it('keeps the server’s words for a code it does not know, and explains a lost connection or a crash', async () => {
    expect(text(refusal(409, { error: 'something_new', message: 'A new rule said no' }))).toBe(
      'A new rule said no',
    );
    await i18n.changeLanguage('ru');
    expect(text(new ApiError(0, 'Network error', ''))).toBe(
      'Нет связи с сервером. Проверьте сеть и попробуйте ещё раз.',
    );
    expect(text(refusal(500, { error: 'internal', message: 'Internal server error' }))).toMatch(
      /^На сервере что-то пошло не так/,
    );
    expect(text(new Error('plain'))).toBe('plain');
  });
});
