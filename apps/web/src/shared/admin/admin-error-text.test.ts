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

// As the fetch wrapper makes it from such an answer: code and details come parsed beside the body.
const refusal = (
  status: number,
  body: { error: string; message: string; details?: Record<string, unknown> },
) => new ApiError(status, body.message, JSON.stringify(body), [], body.error, body.details);
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

  it('says why a weekly schedule was refused, with the boat’s limits', async () => {
    const duration = refusal(400, {
      error: 'schedule_invalid',
      message: 'Duration must be between 2 and 6 hours for this boat',
      details: { field: 'durationHours', reason: 'duration', min: 2, max: 6 },
    });
    const capacity = refusal(400, {
      error: 'schedule_invalid',
      message: 'At most 9 seats on this boat',
      details: { field: 'seatsTotal', reason: 'capacity', capacity: 9 },
    });
    expect(text(duration)).toBe('This boat sails between 2 and 6 hours: choose a duration in that range.');
    await i18n.changeLanguage('es');
    expect(text(duration)).toBe(
      'Este barco sale entre 2 y 6 horas: elige una duración dentro de ese margen.',
    );
    expect(text(capacity)).toBe('Este barco lleva como máximo 9 plazas en una salida compartida.');
    await i18n.changeLanguage('ru');
    expect(text(capacity)).toBe('На этой лодке не больше 9 мест в групповой поездке.');
  });

  it('says a refused value in the viewer’s language, naming the fields', async () => {
    // As the fetch wrapper makes it: the fields come parsed beside the body.
    const parsed = new ApiError(
      400,
      'Invalid body.seatsTotal, body.start: Too big',
      JSON.stringify({ error: 'validation' }),
      [
        { path: 'body.seatsTotal', message: 'Too big' },
        { path: 'body.start', message: 'Invalid' },
      ],
      'validation',
    );
    expect(text(parsed)).toBe(
      'The server refused some values (seatsTotal, start). Check them and try again.',
    );
    await i18n.changeLanguage('ru');
    expect(text(parsed)).toBe(
      'Сервер не принял некоторые значения (seatsTotal, start). Проверьте их и попробуйте ещё раз.',
    );
    // A refusal naming its field only in the details (a list's cursor) still says which.
    await i18n.changeLanguage('es');
    expect(
      text(
        refusal(400, {
          error: 'validation',
          message: 'Invalid querystring.cursor: not a cursor this list gave out',
          details: { field: 'cursor' },
        }),
      ),
    ).toBe('El servidor rechazó algunos valores (cursor). Revísalos e inténtalo de nuevo.');
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
