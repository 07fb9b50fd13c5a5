// The boat's condition as a reader sees it (decision 39): the return beside the departure, item by
// item, what changed marked, and the customer's signature as drawn. The crew's manifest and the
// customer's manage my booking show the same.
import { useTranslation } from 'react-i18next';
import {
  conditionDifferences,
  type ChecklistItem,
  type ConditionValue,
} from '@boats/domain/condition-checklist';
import styles from './self-drive.module.css';

const WIDTH = 300;
const HEIGHT = 100;

/** A stored signature, drawn as it was signed. */
export function SignatureImage({ path, label }: { path: string; label: string }) {
  return (
    <svg className={styles.signature} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <path d={path} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
    </svg>
  );
}

/** An item's name: the owner's words, or the platform's item in the reader's language. */
export function useItemLabel() {
  const { t } = useTranslation('self-drive');
  return (item: ChecklistItem) => item.label || t(`condition.items.${item.key}`, { defaultValue: item.key });
}

function useValueText() {
  const { t } = useTranslation('self-drive');
  return (item: ChecklistItem, value: ConditionValue | null) => {
    if (value === null) return '—';
    if (item.kind === 'level') return t(`condition.level.${String(value)}`);
    if (item.kind === 'present') return value ? t('condition.present') : t('condition.missing');
    return String(value) || '—';
  };
}

/** The return beside the departure, item by item, what changed marked (before the return: the departure alone). */
export function ConditionComparison({
  checklist,
  departure,
  back,
}: {
  checklist: ChecklistItem[];
  departure: Record<string, ConditionValue>;
  back: Record<string, ConditionValue> | null;
}) {
  const { t } = useTranslation('self-drive');
  const label = useItemLabel();
  const text = useValueText();
  return (
    <table className={styles.comparison} data-testid="condition-comparison">
      <thead>
        <tr>
          <th scope="col">{t('condition.item')}</th>
          <th scope="col">{t('condition.departure')}</th>
          {back && <th scope="col">{t('condition.return')}</th>}
        </tr>
      </thead>
      <tbody>
        {conditionDifferences(checklist, departure, back ?? departure).map((row) => (
          <tr key={row.item.key} className={back && row.changed ? styles.changed : undefined}>
            <th scope="row">
              {label(row.item)}
              {back && row.changed && <strong> · {t('condition.changed')}</strong>}
            </th>
            <td>{text(row.item, row.departure)}</td>
            {back && <td>{text(row.item, row.return)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
