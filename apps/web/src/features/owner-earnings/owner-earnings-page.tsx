// /admin/earnings: an owner's money on a phone (docs/payments.md#from-a-card-to-an-owners-bank).
// The balance (earned, payable now, on its way, paid out), each booking's line (what the
// customer paid, what was refunded, the net, the platform's commission, the owner's share) with
// the month's totals and statement, the payouts, and the bank details for payouts. An owner sees
// their own; the platform admin picks an owner. The platform's own boats are never paid out: picked,
// they are spoken of as the platform's, without bank details, payouts or "your" figures.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCanaryDate, formatCanaryDateTime, formatCanaryMonthYear } from '@boats/domain/canary-time';
import {
  earningsStatementCsv,
  lineDate,
  statementFileName,
  statementTotals,
} from '@boats/domain/earnings-statement';
import type { LanguageCode } from '@boats/domain/languages';
import { formatEuros, formatNumber } from '@boats/domain/money';
import type {
  AdminPayoutsResponse,
  EarningLine,
  OwnerBalance,
  OwnerPayoutsResponse,
} from '@boats/domain/schemas/payouts';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { useAuth } from '../../shared/auth/auth-context';
import { currentLanguage } from '../../shared/i18n/i18n';
import { csvTextsOf, ExportLanguageSelect } from '../../shared/i18n/export-language-select';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { downloadFile } from '../../shared/ui/download-file';
import { PageLoading } from '../../shared/ui/page-loading';
import {
  useHoldPayouts,
  useOwnerEarnings,
  useOwnerPayouts,
  usePayoutAccount,
  usePayoutOwners,
  useRunPayouts,
} from './api/owner-money';
import styles from './owner-earnings.module.css';
import { CustomerInvoicesSection } from './customer-invoices-section';
import { InvoicingSettingsSection } from './invoicing-settings-section';
import { NotificationSettingsSection } from './notification-settings-section';
import { OwnerInvoicesSection } from './owner-invoices-section';
import { PlatformMonthSection } from './platform-month-section';
import { SaleChannel } from './sale-channel';
import { paths } from '../../shared/paths';

export default function OwnerEarningsPage() {
  const { t } = useTranslation('owner-earnings');
  return (
    <AdminLayout title={t('title')}>
      <EarningsScreen />
    </AdminLayout>
  );
}

/** Inside the layout's guard: an owner's own money, or the owner the admin picks. */
function EarningsScreen() {
  const { t } = useTranslation('owner-earnings');
  const errorText = useAdminErrorText();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const owners = usePayoutOwners(isAdmin);
  const [picked, setPicked] = useState<string | null>(null);
  const ownerId = isAdmin ? (picked ?? owners.data?.owners[0]?.ownerId ?? null) : null;
  const ready = !isAdmin || ownerId !== null;
  const isPlatform = owners.data?.owners.find((o) => o.ownerId === ownerId)?.isPlatform === true;

  if (isAdmin && owners.isPending) return <PageLoading />;
  if (isAdmin && owners.isError) return <Banner tone="error">{errorText(owners.error)}</Banner>;
  return (
    <>
      {isAdmin && <PlatformMonthSection />}
      {isAdmin && owners.data && <PayoutsOverview owners={owners.data.owners} />}
      {isAdmin && owners.data && (
        <label className={styles.pick}>
          {t('owner')}
          <select value={ownerId ?? ''} onChange={(e) => setPicked(e.target.value)}>
            {owners.data.owners.map((o) => (
              <option key={o.ownerId} value={o.ownerId}>
                {o.displayName}
              </option>
            ))}
          </select>
        </label>
      )}
      {ready && <OwnerMoney key={ownerId ?? 'own'} ownerId={ownerId} isPlatform={isPlatform} />}
    </>
  );
}

function OwnerMoney({ ownerId, isPlatform }: { ownerId: string | null; isPlatform: boolean }) {
  const { t } = useTranslation('owner-earnings');
  const { t: ti } = useTranslation('owner-invoices');
  const errorText = useAdminErrorText();
  const [pickedMonth, setPickedMonth] = useState<string | null>(null);
  const [statementLanguage, setStatementLanguage] = useState<LanguageCode>(currentLanguage);
  const earnings = useOwnerEarnings(ownerId, pickedMonth);
  const payouts = useOwnerPayouts(ownerId);
  if (earnings.isPending || payouts.isPending) return <PageLoading />;
  if (earnings.isError) return <Banner tone="error">{errorText(earnings.error)}</Banner>;
  if (payouts.isError) return <Banner tone="error">{errorText(payouts.error)}</Banner>;
  // The answered month's lines, every one of them (the server reads the month, not a recent few).
  const { balance, months, month, lines: shown } = earnings.data;
  const lang = currentLanguage();
  const totals = statementTotals(shown);
  const linesTitle = isPlatform ? t('platformOwn.lines') : t('lines.title');
  const download = async () => {
    if (!month) return;
    // In the language picked for it, with that language's separator and decimal mark; the BOM
    // lets spreadsheet programs read accented and Cyrillic names (as the bookings CSV).
    const texts = await csvTextsOf(statementLanguage);
    const csv = `\uFEFF${earningsStatementCsv(shown, month, { lang: statementLanguage, texts })}`;
    downloadFile(csv, 'text/csv;charset=utf-8', statementFileName(month));
  };
  return (
    <div className={styles.page}>
      {isPlatform ? (
        <p>{t('platformOwn.intro')}</p>
      ) : (
        <>
          <BalanceSummary balance={balance} />
          <PayoutAccount ownerId={ownerId} heldUntil={payouts.data.payoutsHeldUntil} />
        </>
      )}
      <section aria-labelledby="earning-lines">
        <h2 id="earning-lines" className={styles.heading}>
          {linesTitle}
        </h2>
        {month === null ? (
          <p>{t('lines.empty')}</p>
        ) : (
          <>
            <div className={styles.statement}>
              <label className={styles.pick}>
                {t('statement.month')}
                <select value={month} onChange={(e) => setPickedMonth(e.target.value)}>
                  {months.map((m) => (
                    <option key={m} value={m}>
                      {formatCanaryMonthYear(Number(m.slice(0, 4)), Number(m.slice(5, 7)), lang)}
                    </option>
                  ))}
                </select>
              </label>
              <div className={styles.totals}>
                <span className={styles.muted}>{t('statement.totals')}</span>
                <Figures
                  amounts={totals}
                  label={t('statement.totals')}
                  testId="month-totals"
                  isPlatform={isPlatform}
                />
              </div>
              <ExportLanguageSelect
                label={t('statement.language')}
                value={statementLanguage}
                onChange={setStatementLanguage}
              />
              <button type="button" className={button.outline} onClick={() => void download()}>
                {t('statement.download')}
              </button>
              <Link className={button.outline} to={paths.admin.statement.getHref(month, ownerId)}>
                {ti('statement.open')}
              </Link>
            </div>
            {shown.length === 0 ? (
              <p>{t('lines.monthEmpty')}</p>
            ) : (
              <ul className={styles.list} aria-label={linesTitle}>
                {shown.map((line) => (
                  <EarningRow key={line._id} line={line} isPlatform={isPlatform} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      <OwnerInvoicesSection ownerId={ownerId} />
      <CustomerInvoicesSection ownerId={ownerId} />
      <InvoicingSettingsSection ownerId={ownerId} />
      <NotificationSettingsSection ownerId={ownerId} />
      {!isPlatform && <PayoutsSection payouts={payouts.data.payouts} />}
    </div>
  );
}

function PayoutsSection({ payouts }: { payouts: OwnerPayoutsResponse['payouts'] }) {
  const { t } = useTranslation('owner-earnings');
  return (
    <section aria-labelledby="payouts">
      <h2 id="payouts" className={styles.heading}>
        {t('payouts.title')}
      </h2>
      {payouts.length === 0 ? (
        <p>{t('payouts.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('payouts.title')}>
          {payouts.map((payout) => (
            <li key={payout._id} className={styles.row}>
              <span className={styles.main}>
                <strong>{formatEuros(payout.amount, currentLanguage())}</strong>
                <span className={styles[payout.state]}>{t(`payouts.state.${payout.state}`)}</span>
              </span>
              <span className={styles.muted}>
                {formatCanaryDate(new Date(payout.settledAt ?? payout.createdAt), currentLanguage())} ·{' '}
                {t('payouts.lines', { count: payout.lineCount })}
              </span>
              {payout.failure && <span className={styles.muted}>{payout.failure}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BalanceSummary({ balance }: { balance: OwnerBalance }) {
  const { t } = useTranslation('owner-earnings');
  const euros = (n: number) => formatEuros(n, currentLanguage());
  const figures = [
    ['payable', balance.payable],
    ['balance', balance.balance],
    ['inTransit', balance.inTransit],
    ['paidOut', balance.paidOut],
    ['earned', balance.earned],
  ] as const;
  return (
    <dl className={styles.figures} aria-label={t('balance.title')}>
      {figures.map(([key, amount]) => (
        <div key={key} className={styles.figure}>
          <dt>{t(`balance.${key}`)}</dt>
          <dd data-testid={`balance-${key}`}>{euros(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A line's or a month's money as labelled figures that wrap on a phone: gross − refunds = net,
 * fee + IGIC + share = net. The platform's cover in the gross (a move to a dearer boat) and the
 * commission's IGIC show where there is some.
 */
function Figures({
  amounts,
  label,
  percent,
  testId,
  isPlatform,
}: {
  amounts: Pick<EarningLine, 'gross' | 'platformCover' | 'refunds' | 'net' | 'fee' | 'igic' | 'share'>;
  label: string;
  percent?: number;
  testId?: string;
  /** The platform's own boats: their share is the platform's too, not "yours". */
  isPlatform: boolean;
}) {
  const { t } = useTranslation('owner-earnings');
  const lang = currentLanguage();
  const figures = [
    ['gross', amounts.gross, t('figures.gross')],
    ...(amounts.platformCover === 0
      ? []
      : ([['platformCover', amounts.platformCover, t('figures.platformCover')]] as const)),
    ['refunds', amounts.refunds, t('figures.refunds')],
    ['net', amounts.net, t('figures.net')],
    [
      'fee',
      amounts.fee,
      percent === undefined ? t('figures.fee') : t('figures.feeAt', { percent: formatNumber(percent, lang) }),
    ],
    ...(amounts.igic === 0 ? [] : ([['igic', amounts.igic, t('figures.igic')]] as const)),
    ['share', amounts.share, isPlatform ? t('platformOwn.share') : t('figures.share')],
  ] as const;
  return (
    <dl className={styles.split} aria-label={label} data-testid={testId}>
      {figures.map(([key, amount, text]) => (
        <div key={key} className={key === 'share' ? styles.share : undefined}>
          <dt>{text}</dt>
          <dd data-testid={`figure-${key}`}>{formatEuros(amount, lang)}</dd>
        </div>
      ))}
    </dl>
  );
}

function EarningRow({ line, isPlatform }: { line: EarningLine; isPlatform: boolean }) {
  const { t } = useTranslation('owner-earnings');
  const lang = currentLanguage();
  // A booking's line by its trip and customer; the commission's IGIC by its invoice.
  const title =
    line.kind === 'commission_igic'
      ? `${formatCanaryDate(new Date(lineDate(line)), lang)} · ${t('lines.commissionIgic', { number: line.invoice })}`
      : `${formatCanaryDateTime(new Date(lineDate(line)), lang)} · ${line.customerName}`;
  return (
    <li className={styles.row}>
      <span className={styles.main}>
        <span>{title}</span>
        <span className={styles.muted}>
          {t(`lines.${line.kind === 'commission_igic' ? 'withheld' : line.kind}`)}
        </span>
        <SaleChannel line={line} className={styles.muted} />
      </span>
      <Figures
        amounts={line}
        label={title}
        percent={line.kind === 'commission_igic' ? undefined : line.commissionPercent}
        isPlatform={isPlatform}
      />
      <span className={styles.muted}>
        {line.payoutId
          ? t('lines.inPayout')
          : t('lines.payableFrom', { date: formatCanaryDate(new Date(line.payableAt), lang) })}
      </span>
    </li>
  );
}

/**
 * Where payouts go: the provider's page takes the bank details (the account's id is the
 * provider's, never shown); after a change, payouts wait PAYOUT_HOLD_AFTER_CHANGE_HOURS, said here.
 */
function PayoutAccount({ ownerId, heldUntil }: { ownerId: string | null; heldUntil: string | null }) {
  const { t } = useTranslation('owner-earnings');
  const errorText = useAdminErrorText();
  const account = usePayoutAccount(ownerId);
  const open = async () => {
    const answer = await account.mutateAsync();
    // The provider's own page takes the bank details; it sends the owner back here.
    if (answer.url) window.location.assign(answer.url);
  };
  return (
    <section aria-labelledby="payout-account" className={styles.account}>
      <h2 id="payout-account" className={styles.heading}>
        {t('account.title')}
      </h2>
      <p>{t('account.intro')}</p>
      {heldUntil && (
        <p className={styles.muted} data-testid="payouts-held-until">
          {t('account.held', { until: formatCanaryDateTime(heldUntil, currentLanguage()) })}
        </p>
      )}
      <button
        type="button"
        className={button.outline}
        disabled={account.isPending}
        onClick={() => void open().catch(() => undefined)}
      >
        {t('account.open')}
      </button>
      {account.isError && <Banner tone="error">{errorText(account.error)}</Banner>}
      {account.data && !account.data.url && <p role="status">{t('account.ready')}</p>}
    </section>
  );
}

/** The platform admin's view of every owner: what is due, the hold switch, and a run now. */
function PayoutsOverview({ owners }: { owners: AdminPayoutsResponse['owners'] }) {
  const { t } = useTranslation('owner-earnings');
  const errorText = useAdminErrorText();
  const lang = currentLanguage();
  const run = useRunPayouts();
  const hold = useHoldPayouts();
  return (
    <section aria-labelledby="payouts-overview" className={styles.page}>
      <h2 id="payouts-overview" className={styles.heading}>
        {t('overview.title')}
      </h2>
      <ul className={styles.list} aria-label={t('overview.title')}>
        {owners.map((owner) => (
          <li key={owner.ownerId} className={styles.row}>
            <span className={styles.main}>
              <strong>{owner.displayName}</strong>
              {/* The platform's own boats earn for it: nothing is payable, nothing paid out. */}
              <span data-testid="owner-payable">
                {owner.isPlatform
                  ? t('overview.platformOwn')
                  : t('overview.payable', { amount: formatEuros(owner.payable, lang) })}
              </span>
            </span>
            {!owner.isPlatform && (
              <span className={styles.muted}>
                {t('overview.figures', {
                  inTransit: formatEuros(owner.inTransit, lang),
                  paidOut: formatEuros(owner.paidOut, lang),
                })}
              </span>
            )}
            {!owner.isPlatform && (
              <label className={styles.muted}>
                <input
                  type="checkbox"
                  checked={owner.payoutsOnHold}
                  disabled={hold.isPending}
                  onChange={(e) => hold.mutate({ ownerId: owner.ownerId, onHold: e.target.checked })}
                />{' '}
                {t('overview.hold')}
              </label>
            )}
            {/* The owner changed their payout details: runs skip them until then (server-side). */}
            {owner.payoutsHeldUntil && (
              <span className={styles.muted} data-testid="owner-held-until">
                {t('overview.heldAfterChange', { until: formatCanaryDateTime(owner.payoutsHeldUntil, lang) })}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.account}>
        <button
          type="button"
          className={button.primary}
          disabled={run.isPending}
          onClick={() => run.mutate()}
        >
          {t('overview.run')}
        </button>
        {run.isError && <Banner tone="error">{errorText(run.error)}</Banner>}
        {hold.isError && <Banner tone="error">{errorText(hold.error)}</Banner>}
        {run.data && (
          <p role="status">
            {t('overview.ran', {
              paid: run.data.paid.length,
              failed: run.data.failed.length,
              skipped: run.data.skipped.length,
            })}
          </p>
        )}
      </div>
    </section>
  );
}
