// The tiles: figures the server computed over the whole filter, not only the loaded rows.
import type { BookingsKpis } from '@boats/domain/schemas/booking';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { Card } from '../../shared/ui/card';
import { money } from './booking-format';
import styles from './admin-bookings.module.css';

export function BookingsKpiTiles({ kpis }: { kpis: BookingsKpis | null }) {
  const { t } = useTranslation('admin-bookings');
  const tiles = [
    // The spec's four, in its order (docs/product.md §9)…
    { key: 'count', label: t('kpi.count'), value: kpis ? String(kpis.count) : '—' },
    { key: 'revenue', label: t('kpi.revenue'), value: kpis ? money(kpis.revenue) : '—' },
    { key: 'seats', label: t('kpi.seatsSold'), value: kpis ? String(kpis.seatsSold) : '—' },
    { key: 'completed', label: t('kpi.completed'), value: kpis ? String(kpis.completed) : '—' },
    // …then the money received on canceled bookings that has not gone back yet (the export counts it too).
    { key: 'held', label: t('kpi.held'), value: kpis ? money(kpis.held) : '—' },
  ];
  return (
    <section className={styles.kpis} aria-label={t('kpi.label')}>
      {tiles.map((tile) => (
        <Card key={tile.key} className={styles.kpi}>
          <span className={styles.kpiLabel}>{tile.label}</span>
          <strong className={styles.kpiValue} data-testid={`kpi-${tile.key}`}>
            {tile.value}
          </strong>
        </Card>
      ))}
      {kpis && kpis.byChannel.length > 0 && (
        <Card className={styles.kpi}>
          <span className={styles.kpiLabel}>{t('kpi.byChannel')}</span>
          <ul className={styles.channelList} data-testid="kpi-channels">
            {kpis.byChannel.map((c) => (
              <li key={`${c.kind}:${c.name ?? ''}`}>
                <span>
                  {t(`channel.${c.kind}`)}
                  {c.name && ` · ${c.name}`}
                </span>
                <span>
                  {t('kpi.channelFigures', {
                    count: c.count,
                    retail: money(c.retail),
                    revenue: money(c.revenue),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {/* What revenue is, once for every tile, and the report comparing the channels at retail. */}
      <p className={`${styles.muted} ${styles.revenueMeans}`}>
        {t('revenueMeans')} <Link to={paths.admin.channelReport.getHref()}>{t('kpi.channelReport')}</Link>
      </p>
    </section>
  );
}
