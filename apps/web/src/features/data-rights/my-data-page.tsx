// /my-data: a customer's data rights (docs/privacy.md#proof-of-address). Without a link, the
// visitor asks for one to be e-mailed to their address. The e-mailed link (`#purpose=…&token=…`,
// in the fragment so no server or Referer sees it, and moved out of the address bar at once)
// opens either everything held under the address, by kind, with why it is held and for how long,
// as a file to download and a page to print, or the erasure, said before the press that asks it.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatCanaryDate, formatCanaryDateTime } from '@boats/domain/canary-time';
import { centsToEuros, formatEuros } from '@boats/domain/money';
import { shownInvoiceType } from '@boats/domain/customer-invoice';
import type { DataRightsPurpose, PersonalDataExport } from '@boats/domain/schemas/data-rights';
import { ApiError } from '../../shared/api/http';
import { useLanguage } from '../../shared/i18n/use-language';
import { usePageTitle } from '../../shared/i18n/use-page-title';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { AskForLink } from '../../shared/data-rights/ask-for-link';
import { ErasureTerms } from '../../shared/data-rights/erasure-terms';
import { useOpenedExport, useOpenErasure } from './api';
import styles from './my-data.module.css';

type DataLink = { purpose: DataRightsPurpose; token: string };

/** The link's purpose and token: from the fragment, or from the history entry they were moved to. */
function dataLink(hash: string, state: unknown): DataLink | null {
  const params = new URLSearchParams(hash.slice(1));
  const purpose = params.get('purpose');
  const token = params.get('token');
  if (token && (purpose === 'export' || purpose === 'erasure')) return { purpose, token };
  return (state as { dataLink?: DataLink } | null)?.dataLink ?? null;
}

/** The link is spent or lapsed: the page says so and offers a new one. */
const linkRefused = (error: unknown) => error instanceof ApiError && error.code === 'invalid_data_link';

export default function MyDataPage() {
  const { t } = useTranslation('my-data');
  usePageTitle(t('title'));
  const location = useLocation();
  const navigate = useNavigate();
  // From the fragment; once moved out of the address bar, from the history entry it was moved to.
  const link = dataLink(location.hash, location.state);
  useEffect(() => {
    if (location.hash) void navigate(location.pathname, { replace: true, state: { dataLink: link } });
  }, [location.hash, location.pathname, navigate, link]);

  return (
    <main className={styles.page}>
      <h1>{t('title')}</h1>
      {link?.purpose === 'export' && <OpenedExport key={link.token} token={link.token} />}
      {link?.purpose === 'erasure' && <OpenedErasure key={link.token} token={link.token} />}
      {!link && (
        <>
          <p>{t('intro')}</p>
          <AskForLink />
        </>
      )}
    </main>
  );
}

function LinkRefused() {
  const { t } = useTranslation('my-data');
  return (
    <>
      <Banner tone="error">{t('linkInvalid')}</Banner>
      <AskForLink />
    </>
  );
}

function OpenedExport({ token }: { token: string }) {
  const { t } = useTranslation('my-data');
  const opened = useOpenedExport(token);
  if (opened.isPending) return <p aria-busy="true">{t('opening')}</p>;
  if (opened.isError)
    return linkRefused(opened.error) ? <LinkRefused /> : <Banner tone="error">{t('failed')}</Banner>;
  const { raw, data } = opened.data;
  const download = () => {
    const file = new Blob([JSON.stringify(raw, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(file);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `my-data-${data.exportedAt.slice(0, 10)}.json`;
    anchor.click();
    URL.revokeObjectURL(url);
  };
  return (
    <>
      <div className={styles.actions}>
        <Button onClick={download}>{t('download')}</Button>
        <Button variant="outline" onClick={() => window.print()}>
          {t('print')}
        </Button>
      </div>
      <HeldData data={data} />
    </>
  );
}

/** What is held, by kind: each with why and for how long, then its entries. */
function HeldData({ data }: { data: PersonalDataExport }) {
  const { t } = useTranslation(['my-data', 'booking']);
  const locale = useLanguage();
  const euros = (cents: number) => formatEuros(centsToEuros(cents), locale);
  const sections: { kind: string; lines: string[] }[] = [
    {
      kind: 'bookings',
      lines: data.bookings.map((b) =>
        t('bookingLine', {
          reference: b.reference,
          when: formatCanaryDateTime(b.startsAt, locale),
          amount: euros(b.amountCents),
          status: t(`booking:status.${b.status}`),
        }),
      ),
    },
    {
      kind: 'invoices',
      lines: data.invoices.map(
        (i) =>
          `${t(`booking:invoice.type.${shownInvoiceType(i)}`, { number: i.number })} · ${t('invoiceLine', {
            issued: formatCanaryDate(i.issuedAt, locale),
            total: euros(i.totalCents),
            reference: i.bookingReference,
          })}${i.recipient ? ` · ${i.recipient.name}, ${i.recipient.taxId}` : ''}`,
      ),
    },
    {
      kind: 'emails',
      lines: data.emails.map((e) =>
        t('emailLine', { when: formatCanaryDateTime(e.createdAt, locale), subject: e.subject }),
      ),
    },
    {
      kind: 'messages',
      lines: data.messages.map((m) => `${formatCanaryDateTime(m.createdAt, locale)} · ${m.message}`),
    },
    {
      kind: 'waitlist',
      lines: data.waitlist.map((w) =>
        t('waitlistLine', { when: formatCanaryDateTime(w.createdAt, locale), count: w.seats }),
      ),
    },
    {
      kind: 'vouchers',
      lines: data.giftVouchers.map((v) => t('voucherLine', { code: v.code, amount: euros(v.amountCents) })),
    },
  ];
  return (
    <>
      <h2 className={styles.heldUnder}>
        {t('heldUnder', { email: data.email, when: formatCanaryDateTime(data.exportedAt, locale) })}
      </h2>
      {sections.map(({ kind, lines }) => (
        <section key={kind} aria-labelledby={`held-${kind}`} className={styles.section}>
          <h3 id={`held-${kind}`}>{t(`${kind}.title`)}</h3>
          <p className={styles.muted}>
            {t('why', { text: t(`${kind}.why`) })} {t('howLong', { text: t(`${kind}.howLong`) })}
          </p>
          {lines.length === 0 ? (
            <p>{t('none')}</p>
          ) : (
            <ul>
              {lines.map((line, n) => (
                <li key={n}>{line}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function OpenedErasure({ token }: { token: string }) {
  const { t } = useTranslation(['my-data', 'manage']);
  const language = useLanguage();
  const erasure = useOpenErasure();
  if (erasure.isError && linkRefused(erasure.error)) return <LinkRefused />;
  if (erasure.data?.status === 'done') return <Banner tone="success">{t('manage:erasure.done')}</Banner>;
  if (erasure.data?.status === 'queued') {
    return (
      <Banner tone="info">
        {t('manage:erasure.queued', { date: formatCanaryDate(erasure.data.dueAt, language) })}
      </Banner>
    );
  }
  return (
    <section aria-labelledby="erasure-title">
      <h2 id="erasure-title">{t('manage:erasure.title')}</h2>
      <ErasureTerms />
      <p className={styles.muted}>{t('manage:erasure.pending')}</p>
      {erasure.isError && <Banner tone="error">{t('manage:erasure.failed')}</Banner>}
      <div className={styles.actions}>
        <Button
          variant="outline"
          tone="danger"
          disabled={erasure.isPending}
          aria-busy={erasure.isPending}
          onClick={() => erasure.mutate(token)}
        >
          {erasure.isPending ? t('manage:erasure.busy') : t('manage:erasure.confirm')}
        </Button>
      </div>
    </section>
  );
}
