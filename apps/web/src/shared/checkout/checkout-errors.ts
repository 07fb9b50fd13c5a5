// What a tourist reads when a checkout call fails: a plain sentence in their language first;
// the docs/product.md §8 text (status, server reason) follows as a detail, never alone and never a bare
// "HTTP 500". Card refusals the provider words for people ("Your card was declined.") stay as
// they are.
import i18n, { currentLanguage } from '../i18n/i18n';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import { PROMO_REFUSALS } from '@boats/domain/promo-codes';
import { VOUCHER_REFUSALS } from '@boats/domain/gift-vouchers';
import { ApiError } from '../api/http';

const tr = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: 'booking', ...values });

/** A server reason worth showing: a sentence, not an empty body or "HTTP 500". */
function reasonOf(err: ApiError): string | null {
  const message = err.message.trim();
  return message && !/^HTTP \d+$/.test(message) && message !== 'Network error' ? message : null;
}

/**
 * A promo code's refusal (docs/payments.md#promo-codes), in the visitor's language; null for any
 * other error.
 */
export function promoRefusalText(err: unknown): string | null {
  if (!(err instanceof ApiError) || !err.code || !(PROMO_REFUSALS as readonly string[]).includes(err.code)) {
    return null;
  }
  const minSpend = typeof err.details.minSpend === 'number' ? err.details.minSpend : 0;
  return tr(`promo.refusals.${err.code}`, { amount: formatMoney(eurosToCents(minSpend), currentLanguage()) });
}

/**
 * A gift voucher's refusal (docs/payments.md#gift-vouchers), in the visitor's language: by the
 * answer's code, or the message of its field; null for any other error.
 */
export function voucherRefusalText(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const refusals = VOUCHER_REFUSALS as readonly string[];
  const code = [err.code, ...err.fields.map((f) => f.message)].find((c) => c && refusals.includes(c));
  return code ? tr(`voucher.refusals.${code}`) : null;
}

/** The payment intent (the hold) was refused or failed. */
export function holdErrorText(err: unknown): string {
  const refusal = promoRefusalText(err) ?? voucherRefusalText(err);
  if (refusal) return refusal;
  const plain = tr('errors.holdFailed');
  if (!(err instanceof ApiError) || err.status === 0) return `${plain} (${tr('errors.initFailed')})`;
  const reason = reasonOf(err);
  const detail = tr('errors.piCreateFailed', { status: err.status });
  return `${plain} (${reason ? `${detail} — ${reason}` : detail})`;
}

/** Saving the contact or paying failed in a way the card provider did not explain. */
export function paymentErrorText(err: unknown): string {
  const refusal = promoRefusalText(err) ?? voucherRefusalText(err);
  if (refusal) return refusal;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
    const reason = reasonOf(err);
    if (reason) return `${tr('errors.paymentErrorRetry')} ${reason}`;
  }
  return tr('errors.paymentErrorRetry');
}
