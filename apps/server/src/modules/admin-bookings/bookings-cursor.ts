// Keyset cursor of the admin bookings list: the last row's (starts_at, id). Paging by position
// instead of by offset keeps pages free of duplicates and gaps while bookings are being added.
// starts_at travels as whole microseconds since the epoch, so it round-trips exactly. The
// "upcoming first" order adds the instant its first page split upcoming from past, so every
// page splits at the same one however long the operator waits before "load more".
import { isUuid } from '@boats/domain/schemas/common';
import { badRequest } from '../../http/errors';

export type BookingsCursor = { startsAtMicros: string; id: string; pivotMicros?: string | undefined };

export function encodeCursor(cursor: BookingsCursor): string {
  const pivot = cursor.pivotMicros === undefined ? '' : `.${cursor.pivotMicros}`;
  return Buffer.from(`${cursor.startsAtMicros}.${cursor.id}${pivot}`, 'utf8').toString('base64url');
}

export function decodeCursor(raw: string): BookingsCursor {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const [micros, id, pivot, ...rest] = text.split('.');
  const isMicros = (value: string) => /^-?\d{1,19}$/.test(value);
  if (
    !micros ||
    !id ||
    rest.length > 0 ||
    !isMicros(micros) ||
    !isUuid(id) ||
    (pivot !== undefined && !isMicros(pivot))
  ) {
    throw badRequest('validation', 'Invalid querystring.cursor: not a cursor this list gave out', {
      field: 'querystring.cursor',
    });
  }
  return { startsAtMicros: micros, id, pivotMicros: pivot };
}
