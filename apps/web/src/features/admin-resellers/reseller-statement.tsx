// A reseller's month on its card (docs/channels.md#statements): the balance brought forward, its
// sales on account, cancellations and payments, the balance owed, the platform's invoices to it for
// the month, the month as a CSV in the page's language, and the form recording a payment it made.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canaryDateKey, formatCanaryDate, formatDateKey } from '@boats/domain/canary-time';
import { formatEuros } from '@boats/domain/money';
import { resellerStatementCsv, resellerStatementFileName } from '@boats/domain/reseller-statement';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { csvTextsOf } from '../../shared/i18n/export-language-select';
import { useLanguage } from '../../shared/i18n/use-language';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { downloadFile } from '../../shared/ui/download-file';
import { useResellerStatement } from './api/get-reseller-statement';
import { DateInput } from '../../shared/ui/date-input';
import { useSettleReseller } from './api/settle-reseller';
import styles from './admin-resellers.module.css';

export function ResellerStatementPanel({ resellerId, name }: { resellerId: string; name: string }) {
  const { t } = useTranslation('admin-resellers');
  const [open, setOpen] = useState(false);
  return (
    <section aria-label={t('statement.title', { name })}>
      <h3 className={styles.keysTitle}>{t('statement.heading')}</h3>
      <button type="button" className={button.outline} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('statement.hide') : t('statement.show')}
      </button>
      {open && <Statement resellerId={resellerId} />}
    </section>
  );
}

function Statement({ resellerId }: { resellerId: string }) {
  const { t } = useTranslation('admin-resellers');
  const lng = useLanguage();
  const errorText = useAdminErrorText();
  const [month, setMonth] = useState(() => canaryDateKey(new Date()).slice(0, 7));
  const statement = useResellerStatement(resellerId, month);
  const settle = useSettleReseller();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => canaryDateKey(new Date()));
  const euros = (n: number) => formatEuros(n, lng);

  const download = async () => {
    if (!statement.data) return;
    const texts = await csvTextsOf(lng);
    const csv = `\uFEFF${resellerStatementCsv(statement.data, { lang: lng, texts })}`;
    downloadFile(csv, 'text/csv;charset=utf-8', resellerStatementFileName(month));
  };

  return (
    <div>
      <label className={styles.issueLabel}>
        {t('statement.month')}
        <input type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
      </label>
      {statement.isPending && <p role="status">{t('statement.loading')}</p>}
      {statement.isError && <Banner tone="error">{errorText(statement.error)}</Banner>}
      {statement.data && (
        <>
          <dl className={styles.contact}>
            {(
              [
                ['opening', euros(statement.data.totals.opening)],
                ['sales', `${statement.data.totals.sales} · ${euros(statement.data.totals.retail)}`],
                ['commission', euros(statement.data.totals.commission)],
                ['net', euros(statement.data.totals.net)],
                [
                  'cancellations',
                  `${statement.data.totals.cancellations} · ${euros(statement.data.totals.refunded)}`,
                ],
                ['onAccount', euros(statement.data.totals.onAccount)],
                ['settled', euros(statement.data.totals.settled)],
                ['closing', euros(statement.data.totals.closing)],
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <dt>{t(`statement.totals.${key}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p>
            {statement.data.invoices.length > 0
              ? t('statement.invoices', {
                  numbers: statement.data.invoices
                    .map((i) => `${i.number} (${i.issuer.name}, ${euros(i.total)})`)
                    .join('; '),
                })
              : t('statement.noInvoices')}
          </p>
          {statement.data.lines.length === 0 ? (
            <p>{t('statement.empty')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('statement.columns.date')}</th>
                  <th scope="col">{t('statement.columns.kind')}</th>
                  <th scope="col">{t('statement.columns.reference')}</th>
                  <th scope="col">{t('statement.columns.boat')}</th>
                  <th scope="col">{t('statement.columns.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {statement.data.lines.map((line, i) => (
                  <tr key={`${line.kind}-${line.at}-${i}`}>
                    <td>
                      {line.receivedOn ? formatDateKey(line.receivedOn, lng) : formatCanaryDate(line.at, lng)}
                    </td>
                    <td>{t(`statement.kind.${line.kind}`)}</td>
                    <td>
                      {[line.reference, line.resellerReference].filter(Boolean).join(' · ') || line.note}
                    </td>
                    <td>{line.boat}</td>
                    <td>{euros(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <button type="button" className={button.outline} onClick={() => void download()}>
            {t('statement.download')}
          </button>
        </>
      )}
      <form
        className={styles.issue}
        onSubmit={(event) => {
          event.preventDefault();
          settle.mutate(
            { id: resellerId, amount: Number(amount.replace(',', '.')), note: note.trim(), receivedOn },
            {
              onSuccess: () => {
                setAmount('');
                setNote('');
              },
            },
          );
        }}
      >
        <label className={styles.issueLabel}>
          {t('statement.settle.amount')}
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />
        </label>
        <label className={styles.issueLabel}>
          {t('statement.settle.receivedOn')}
          <DateInput value={receivedOn} onChange={setReceivedOn} required />
        </label>
        <label className={styles.issueLabel}>
          {t('statement.settle.note')}
          <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} />
        </label>
        <button type="submit" className={button.secondary} disabled={settle.isPending}>
          {t('statement.settle.submit')}
        </button>
      </form>
      {settle.isError && <Banner tone="error">{errorText(settle.error)}</Banner>}
      {settle.isSuccess && (
        <Banner tone="success">{t('statement.settle.done', { balance: euros(settle.data.balance) })}</Banner>
      )}
    </div>
  );
}
