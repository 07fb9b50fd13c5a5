// A gift voucher as its holder sees it, on the Gift page's confirmation and on the printable
// page: the code with its QR (drawn like a ticket's), who it is for and from, the message, the
// boat it names, and what is left of it until when. The figures are the server's view.
import { useTranslation } from 'react-i18next';
import { localized } from '@boats/domain/boat-card';
import { formatCanaryDate } from '@boats/domain/canary-time';
import { formatMoney } from '@boats/domain/money';
import type { GiftVoucherView } from '@boats/domain/schemas/gift-vouchers';
import { TicketQr } from '../../shared/checkout';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge } from '../../shared/ui/badge';
import styles from './gift-vouchers.module.css';

export function VoucherCard({ voucher }: { voucher: GiftVoucherView }) {
  const { t } = useTranslation('gift');
  const locale = currentLanguage();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <article className={styles.voucher} aria-labelledby="voucher-title" data-testid="voucher">
      <p className={styles.brand}>{t('voucher.brand')}</p>
      <h2 id="voucher-title" className={styles.voucherTitle}>
        {t('voucher.title', { amount: money(voucher.amount) })}
      </h2>
      {voucher.boat && (
        <p className={styles.trip}>
          {t('voucher.trip', { boat: localized(voucher.boat.title, voucher.boat.title.en, locale) })}
        </p>
      )}
      <p>{t('voucher.forFrom', { recipient: voucher.recipientName, purchaser: voucher.purchaserName })}</p>
      {voucher.message && <blockquote className={styles.message}>{voucher.message}</blockquote>}
      <div className={styles.codeBlock}>
        <TicketQr code={voucher.code} label={t('voucher.qr', { code: voucher.code })} size={148} />
        <div>
          <p className={styles.codeLabel}>{t('voucher.code')}</p>
          <p className={styles.code} data-testid="voucher-code">
            {voucher.code}
          </p>
          {voucher.status !== 'active' && (
            <Badge tone={voucher.status === 'pending' ? 'warning' : 'neutral'}>
              {t(`status.${voucher.status}`)}
            </Badge>
          )}
        </div>
      </div>
      <p className={styles.balance} data-testid="voucher-balance">
        {voucher.status === 'spent'
          ? t('voucher.spent', { amount: money(voucher.amount) })
          : t('voucher.balance', {
              balance: money(voucher.balance),
              amount: money(voucher.amount),
              date: formatCanaryDate(voucher.expiresAt, locale),
            })}
      </p>
      <p className={styles.howTo}>{t('voucher.howTo')}</p>
    </article>
  );
}
