// The boat's history for the platform admin (docs/back-office.md#listings): each creation, edit,
// publication or suspension, newest first, with when (Canary time), who and which fields an
// edit changed, old → new where the values are short. Folded until opened; asked for then.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { LanguageCode } from '@boats/domain/languages';
import { formatMoney, formatNumber } from '@boats/domain/money';
import type { BoatHistoryChange, BoatHistoryValue } from '@boats/domain/schemas/owner';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Card } from '../../shared/ui/card';
import { useBoatHistory } from './api/get-boat-history';
import styles from './boat-history.module.css';
import { useLanguage } from '../../shared/i18n/use-language';

/** A stored value as the admin reads it: euros for prices kept in cents, yes/no, the mode's name. */
function valueText(field: string, value: BoatHistoryValue, t: TFunction<'admin'>, locale: LanguageCode) {
  if (value === null || value === '') return t('history.blank');
  if (typeof value === 'boolean') return value ? t('history.yes') : t('history.no');
  if (typeof value === 'number')
    return field.endsWith('Cents') ? formatMoney(value, locale) : formatNumber(value, locale);
  if (field === 'bookingMode') return t(`editor.bookingModeOption.${value}`, { defaultValue: value });
  return value;
}

function ChangeLine({ change }: { change: BoatHistoryChange }) {
  const { t } = useTranslation('admin');
  const locale = useLanguage();
  const field = t(`history.fields.${change.field}`, { defaultValue: change.field });
  if (change.from === undefined || change.to === undefined) return <li>{field}</li>;
  return (
    <li>
      {t('history.changed', {
        field,
        from: valueText(change.field, change.from, t, locale),
        to: valueText(change.field, change.to, t, locale),
      })}
    </li>
  );
}

function HistoryList({ boatId }: { boatId: string }) {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const history = useBoatHistory(boatId);
  const locale = useLanguage();
  if (history.isPending) return <p role="status">{t('history.loading')}</p>;
  if (history.isError) return <p role="alert">{errorText(history.error)}</p>;
  if (history.data.length === 0) return <p className={styles.muted}>{t('history.empty')}</p>;
  return (
    <ol className={styles.list} aria-label={t('history.title')}>
      {history.data.map((entry, i) => (
        <li key={`${entry.at}-${i}`} className={styles.entry}>
          <p className={styles.line}>
            <strong>{t(`history.action.${entry.action}`)}</strong>{' '}
            <time dateTime={entry.at} className={styles.muted}>
              {formatCanaryDateTime(entry.at, locale)}
            </time>
          </p>
          <p className={styles.who}>
            {t('history.by', {
              actor: entry.actor,
              role: t(`history.role.${entry.actorRole}`, { defaultValue: entry.actorRole }),
            })}
          </p>
          {entry.changes.length > 0 && (
            <ul className={styles.changes}>
              {entry.changes.map((change) => (
                <ChangeLine key={change.field} change={change} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

export function BoatHistory({ boatId }: { boatId: string }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <details className={styles.details} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className={styles.summary}>{t('history.title')}</summary>
        {open && <HistoryList boatId={boatId} />}
      </details>
    </Card>
  );
}
