// The codes, one card each: the code, what it takes off, its dates and limits, and its report
// (uses sold and held now, discount given on paid bookings).
import { useTranslation } from 'react-i18next';
import { formatDateKey } from '@boats/domain/canary-time';
import { eurosToCents, formatMoney, formatNumber } from '@boats/domain/money';
import type { PromoCodeWire } from '@boats/domain/schemas/promo-codes';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Badge } from '../../shared/ui/badge';
import button from '../../shared/ui/button.module.css';
import card from '../../shared/ui/card.module.css';
import styles from './admin-promo-codes.module.css';
import listAndForm from '../../shared/admin/list-and-form.module.css';

export function PromoCodeList({
  codes,
  onEdit,
}: {
  codes: PromoCodeWire[];
  onEdit: (c: PromoCodeWire) => void;
}) {
  const { t } = useTranslation('admin-promo-codes');
  const locale = currentLanguage();
  const money = (euros: number) => formatMoney(eurosToCents(euros), locale);
  const date = (key: string | null) => (key ? formatDateKey(key, locale) : '…');
  return (
    <section aria-labelledby="promo-list-title">
      <h2 id="promo-list-title" className={listAndForm.cardTitle}>
        {t('list.title')}
      </h2>
      {codes.length === 0 && <p className={listAndForm.intro}>{t('list.empty')}</p>}
      <ul className={styles.list}>
        {codes.map((c) => (
          <li key={c.id} className={`${card.panel} ${styles.code}`} aria-label={c.code}>
            <div className={styles.codeHead}>
              <strong className={styles.codeText}>{c.code}</strong>
              <Badge tone={c.active ? 'success' : 'neutral'}>
                {c.active ? t('list.active') : t('list.inactive')}
              </Badge>
            </div>
            <p className={styles.terms}>
              {c.kind === 'percent'
                ? t('list.percentOff', { value: formatNumber(c.value, locale) })
                : t('list.amountOff', { amount: money(c.value) })}
              {c.minSpend > 0 && ` · ${t('list.minSpend', { amount: money(c.minSpend) })}`}
              {(c.validFrom || c.validUntil) &&
                ` · ${t('list.valid', { from: date(c.validFrom), until: date(c.validUntil) })}`}
              {c.firstBookingOnly && ` · ${t('list.firstBookingOnly')}`}
              {' · '}
              {c.boatIds.length > 0 ? t('list.boats', { count: c.boatIds.length }) : t('list.allBoats')}
            </p>
            <dl className={styles.report} data-testid="promo-report">
              <div>
                <dt>{t('report.sold')}</dt>
                <dd>
                  {c.maxUses ? t('report.ofMax', { sold: c.report.sold, max: c.maxUses }) : c.report.sold}
                </dd>
              </div>
              <div>
                <dt>{t('report.held')}</dt>
                <dd>{c.report.held}</dd>
              </div>
              <div>
                <dt>{t('report.discount')}</dt>
                <dd>{money(c.report.discount)}</dd>
              </div>
              {c.maxUsesPerEmail && (
                <div>
                  <dt>{t('report.perEmail')}</dt>
                  <dd>{c.maxUsesPerEmail}</dd>
                </div>
              )}
            </dl>
            <button type="button" className={button.outline} onClick={() => onEdit(c)}>
              {t('list.edit', { code: c.code })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
