// How a booking is paid when a gift voucher pays part of it: "Gift voucher −€x" and "To pay by
// card €y" (or "Paid by card" once paid). The review, the payment step, the confirmation and
// manage my booking show the same two lines (docs/payments.md#gift-vouchers).
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@boats/domain/money';
import styles from './checkout.module.css';
import { useLanguage } from '../i18n/use-language';

export type VoucherLinesProps = {
  /** The voucher's code, when the page knows it. */
  code?: string | null | undefined;
  voucherCents: number;
  cardCents: number;
  /** Before paying: "To pay by card"; after: "Paid by card". */
  paid?: boolean;
};

export function VoucherLines({ code, voucherCents, cardCents, paid = false }: VoucherLinesProps) {
  const { t } = useTranslation('booking');
  const locale = useLanguage();
  if (voucherCents <= 0) return null;
  return (
    <dl className={styles.facts} data-testid="voucher-lines">
      <div>
        <dt>{code ? t('voucher.lineWithCode', { code }) : t('voucher.line')}</dt>
        <dd data-testid="voucher-part">−{formatMoney(voucherCents, locale)}</dd>
      </div>
      <div>
        <dt>{paid ? t('voucher.paidByCard') : t('voucher.toPayByCard')}</dt>
        <dd data-testid="card-part">{formatMoney(cardCents, locale)}</dd>
      </div>
    </dl>
  );
}
