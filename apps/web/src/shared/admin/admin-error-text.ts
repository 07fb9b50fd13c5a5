// The server's refusals in the operator's language. The server answers a stable code and an
// English message (for API users and logs); the back office says the codes it knows in the
// viewer's language, with the figures the answer's details carry, and falls back to the
// server's message for the rest.
import { formatEuros } from '@boats/domain/money';
import { isBookingStatus } from '@boats/domain/booking-status';
import { LISTING_STATES } from '@boats/domain/listing-state';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../api/http';
import { currentLanguage } from '../i18n/i18n';

type Details = Record<string, unknown>;

const isListingState = (value: string) => (LISTING_STATES as readonly string[]).includes(value);

/**
 * The values a code's text reads: statuses and listing states translated, euros formatted,
 * booking refs and a listing's missing parts listed.
 */
function textValues(t: TFunction, details: Details, code: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string')
      values[key] =
        code.startsWith('listing_') && isListingState(value)
          ? t(`admin:listing.state.${value}`)
          : isBookingStatus(value)
            ? t(`admin-bookings:status.${value}`)
            : value;
    else if (typeof value === 'number') values[key] = value;
  }
  if (Array.isArray(details.missing))
    values.missing = details.missing.map((m) => t(`admin:listing.missing.${String(m)}`)).join(', ');
  // A limit is said to the cent: "at most 121 €" for 120.50 would invite a refused retry.
  if (typeof details.refundable === 'number')
    values.refundable = formatEuros(details.refundable, currentLanguage());
  if (Array.isArray(details.bookings)) {
    values.refs = (details.bookings as { ref?: unknown; customerName?: unknown }[])
      .map((b) => `#${String(b.ref)}${typeof b.customerName === 'string' ? ` (${b.customerName})` : ''}`)
      .join(', ');
  }
  return values;
}

/**
 * The fields a `validation` refusal names, by their last path segment (`body.seatsTotal` →
 * seatsTotal); a refusal that names its field only in the details (a list's cursor) too.
 */
function refusedFields(err: ApiError, details: Details): string {
  const names = err.fields.map((f) => f.path.split('.').pop() ?? f.path);
  if (names.length === 0 && typeof details.field === 'string') names.push(details.field);
  return [...new Set(names)].join(', ');
}

/** The text for any thrown value, translated when it is a server answer the back office knows. */
export function adminErrorText(t: TFunction, err: unknown): string {
  if (!(err instanceof ApiError)) return errorText(err);
  if (err.status === 0) return t('admin:serverErrors.network');
  const { details } = err;
  const values = textValues(t, details, err.code ?? '');
  if (err.code === 'validation') {
    const fields = refusedFields(err, details);
    return fields ? t('admin:serverErrors.validation', { fields }) : errorText(err);
  }
  // A code refused for several reasons says each one (`schedule_invalid_duration`).
  const keys = [
    ...(typeof details.reason === 'string' ? [`admin:serverErrors.${err.code ?? ''}_${details.reason}`] : []),
    `admin:serverErrors.${err.code ?? ''}`,
  ];
  const key = err.code ? keys.find((k) => t(k, { defaultValue: '' }) !== '') : undefined;
  if (key) return t(key, values);
  if (err.status >= 500) return t('admin:serverErrors.server');
  return errorText(err);
}

export function useAdminErrorText(): (err: unknown) => string {
  const { t } = useTranslation(['admin', 'admin-bookings']);
  return (err) => adminErrorText(t, err);
}
