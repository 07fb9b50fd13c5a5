// The operator's identity on the legal notice: one labelled line per detail it has.
import { useTranslation } from 'react-i18next';
import type { OperatorIdentity } from '@boats/domain/schemas/operator';
import styles from './legal-page.module.css';

const DETAILS = ['legalName', 'taxId', 'address', 'registry', 'email', 'phone'] as const;

export function OperatorDetails({ operator }: { operator: OperatorIdentity }) {
  const { t } = useTranslation('legal');
  return (
    <dl className={styles.details}>
      {DETAILS.filter((key) => operator[key]).map((key) => (
        <div key={key}>
          <dt>{t(`operator.${key}`)}</dt>
          <dd>
            {key === 'email' ? <a href={`mailto:${operator.email}`}>{operator.email}</a> : operator[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
