// A list of invoices on the earnings page (the platform's to the owner, and the owner's customers'):
// a heading, one row per document wrapping on a phone (its link, its total, then its date and
// what else identifies it), or a sentence when there is none.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { AdminQuery } from '../../shared/admin/admin-query';
import styles from './owner-earnings.module.css';

export function InvoicesSection<T>({
  id,
  title,
  empty,
  query,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  query: UseQueryResult<{ invoices: T[] }>;
  children: (invoice: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <AdminQuery query={query}>
        {({ invoices }) =>
          invoices.length === 0 ? (
            <p>{empty}</p>
          ) : (
            <ul className={styles.list} aria-label={title}>
              {invoices.map(children)}
            </ul>
          )
        }
      </AdminQuery>
    </section>
  );
}

export function InvoiceRow({
  link,
  total,
  details,
}: {
  link: ReactNode;
  /** The total, formatted. */
  total: string;
  /** What follows the date on the second line; empty values left out. */
  details: (string | null | undefined)[];
}) {
  const { t } = useTranslation('owner-invoices');
  return (
    <li className={styles.row}>
      <span className={styles.main}>
        {link}
        <strong>{t('list.total', { amount: total })}</strong>
      </span>
      <span className={styles.muted}>{details.filter(Boolean).join(' · ')}</span>
    </li>
  );
}
