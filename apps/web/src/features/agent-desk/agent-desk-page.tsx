// /admin/desk: the agent's desk, on a phone at a hotel desk or the harbour (docs/channels.md#agents).
// Where an agent lands after signing in: the day's trips and charters to sell (today by default),
// the sale form for the one chosen, and "My sales": this month's sales, the commission earned and the
// cash held for the operator.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canaryDateKey, canaryTimeLabel, isDateKey } from '@boats/domain/canary-time';
import { localized } from '@boats/domain/boat-card';
import { centsToEuros, formatEuros } from '@boats/domain/money';
import type { AgentCharter, AgentTrip } from '@boats/domain/schemas/agents';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Banner } from '../../shared/ui/banner';
import { DateInput } from '../../shared/ui/date-input';
import { PageLoading } from '../../shared/ui/page-loading';
import { useAgentTrips } from './api/get-agent-trips';
import { MySales } from './my-sales';
import { adultPriceCents, SaleForm, type Sellable } from './sale-form';
import styles from './agent-desk.module.css';

export default function AgentDeskPage() {
  const { t } = useTranslation('agent-desk');
  return (
    <AdminLayout title={t('title')} access="agent">
      <AgentDesk />
    </AdminLayout>
  );
}

/** Inside the layout's guard, so nothing is asked before an agent has signed in. */
export function AgentDesk() {
  const { t } = useTranslation('agent-desk');
  const [date, setDate] = useState(() => canaryDateKey(new Date()));
  const [chosen, setChosen] = useState<Sellable | null>(null);
  return (
    <div className={styles.desk}>
      <section aria-labelledby="desk-sell-title" className={styles.section}>
        <h2 id="desk-sell-title" className={styles.heading}>
          {t('sell.title')}
        </h2>
        {chosen ? (
          <SaleForm sellable={chosen} onDone={() => setChosen(null)} />
        ) : (
          <>
            <label className={styles.day}>
              <span>{t('sell.day')}</span>
              <DateInput value={date} onChange={(day) => isDateKey(day) && setDate(day)} />
            </label>
            <TripsToSell date={date} onChoose={setChosen} />
          </>
        )}
      </section>
      <MySales />
    </div>
  );
}

function TripsToSell({ date, onChoose }: { date: string; onChoose: (chosen: Sellable) => void }) {
  const { t } = useTranslation('agent-desk');
  const errorText = useAdminErrorText();
  const day = useAgentTrips(date);
  const lng = currentLanguage();
  if (day.isPending) return <PageLoading />;
  if (day.isError) return <Banner tone="error">{errorText(day.error)}</Banner>;
  const { items, charters } = day.data;
  if (items.length === 0 && charters.length === 0) return <p className={styles.note}>{t('sell.none')}</p>;
  const title = (x: AgentTrip | AgentCharter) => localized(x.boatTitleI18n, x.boatTitle, lng);
  return (
    <>
      {items.length > 0 && (
        <ul className={styles.trips} aria-label={t('sell.shared')}>
          {items.map((trip) => (
            <li key={trip.slotId}>
              <button type="button" className={styles.trip} onClick={() => onChoose({ kind: 'trip', trip })}>
                <span className={styles.tripTitle}>
                  {t('sell.trip', { time: canaryTimeLabel(trip.start), boat: title(trip) })}
                </span>
                <span className={styles.muted}>
                  {t('sell.seatsLeft', { count: trip.seatsLeft })} ·{' '}
                  {t('sell.adultPrice', { price: formatEuros(centsToEuros(adultPriceCents(trip)), lng) })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {charters.length > 0 && (
        <ul className={styles.trips} aria-label={t('sell.charters')}>
          {charters.map((charter) => (
            <li key={charter.slotId}>
              <button
                type="button"
                className={styles.trip}
                onClick={() => onChoose({ kind: 'charter', charter })}
              >
                <span className={styles.tripTitle}>
                  {t('sell.trip', { time: canaryTimeLabel(charter.start), boat: title(charter) })}
                </span>
                <span className={styles.muted}>
                  {t('sell.charter', { count: charter.capacity })} ·{' '}
                  {t('sell.charterFrom', {
                    price: formatEuros(Math.min(...charter.lengths.map((l) => l.price)), lng),
                  })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
