// Keyset cursor of the admin bookings list: the last row's (starts_at, id). Paging by position
// instead of by offset keeps pages free of duplicates and gaps while bookings are being added.
// starts_at travels as whole microseconds since the epoch, so it round-trips exactly.
import { isUuid } from '@boats/domain/schemas/common';
import { badRequest } from '../../http/errors';

export type BookingsCursor = { startsAtMicros: string; id: string };

export function encodeCursor(cursor: BookingsCursor): string {
  return Buffer.from(`${cursor.startsAtMicros}.${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(raw: string): BookingsCursor {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const [micros, id, ...rest] = text.split('.');
  if (!micros || !id || rest.length > 0 || !/^-?\d{1,19}$/.test(micros) || !isUuid(id)) {
    throw badRequest('validation', 'Invalid querystring.cursor: not a cursor this list gave out', {
      field: 'querystring.cursor',
    });
  }
  return { startsAtMicros: micros, id };
}
