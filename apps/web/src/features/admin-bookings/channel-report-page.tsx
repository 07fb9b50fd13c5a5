// /admin/bookings/channels (docs/back-office.md#channel-reports): per channel, a month's bookings
// by the day they were sold or by their trip's day, at the retail price the customers were
// charged, the channel's commission, the net to the platform, the refunds and the revenue, with
// the one sentence saying what revenue is; the same figures as a CSV in a chosen language.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canaryDateKey } from '@boats/domain/canary-time';
import {
  channelReportCsv,
  channelReportFileName,
  REPORT_PERIOD_BASES,
  type ReportPeriodBasis,
} from '@boats/domain/channel-report';
import { formatEuros } from '@boats/domain/money';
import type { ChannelFigures } from '@boats/domain/schemas/channel-report';
import { Link } from 'react-router-dom';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { csvTextsOf } from '../../shared/i18n/export-language-select';
import { useLanguage } from '../../shared/i18n/use-language';
import { paths } from '../../shared/paths';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { EmptyCard } from '../../shared/ui/card';
import { downloadFile } from '../../shared/ui/download-file';
import field from '../../shared/ui/form-field.module.css';
import { Cell, Table } from '../../shared/ui/table';
import { useChannelReport } from './api/get-channel-report';
import styles from './admin-bookings.module.css';
import { CsvFormatFields, useCsvFormat } from './csv-format';

export default function ChannelReportPage() {
  const { t } = useTranslation('admin-bookings');
  return (
    <AdminLayout title={t('channelReport.title')}>
      <ChannelReportScreen />
    </AdminLayout>
  );
}

const FIGURES = ['retail', 'commission', 'net', 'refunds', 'revenue'] as const;

export function ChannelReportScreen() {
  const { t } = useTranslation('admin-bookings');
  const lng = useLanguage();
  const errorText = useAdminErrorText();
  const [month, setMonth] = useState(() => canaryDateKey(new Date()).slice(0, 7));
  const [by, setBy] = useState<ReportPeriodBasis>('sale');
  const csvFormat = useCsvFormat(lng);
  const report = useChannelReport(month, by);
  const euros = (n: number) => formatEuros(n, lng);
  const channelName = (r: { channel: string; name: string | null }) =>
    r.name
      ? `${t(`channelReport.channel.${r.channel}`)} · ${r.name}`
      : t(`channelReport.channel.${r.channel}`);

  const download = async () => {
    if (!report.data) return;
    const { language, separator } = csvFormat.format;
    const texts = (await csvTextsOf(language)).channelReport;
    const csv = `\uFEFF${channelReportCsv(report.data, { lang: language, texts }, separator)}`;
    downloadFile(csv, 'text/csv;charset=utf-8', channelReportFileName(report.data));
  };
  const figures = (f: ChannelFigures) => (
    <>
      <Cell label={t('channelReport.columns.bookings')}>{f.bookings.toLocaleString(lng)}</Cell>
      {FIGURES.map((key) => (
        <Cell key={key} label={t(`channelReport.columns.${key}`)} nowrap>
          {euros(f[key])}
        </Cell>
      ))}
    </>
  );

  return (
    <div className={styles.screen}>
      <p>{t('revenueMeans')}</p>
      <p>
        <Link to={paths.admin.bookings.getHref()}>{t('channelReport.back')}</Link>
      </p>
      <div className={styles.exportBar}>
        <label className={`${field.field} ${field.compact}`}>
          <span className={field.label}>{t('channelReport.month')}</span>
          <input
            className={field.control}
            type="month"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
          />
        </label>
        <fieldset className={`${field.field} ${field.compact}`}>
          <legend className={field.label}>{t('channelReport.by')}</legend>
          {REPORT_PERIOD_BASES.map((basis) => (
            <label key={basis}>
              <input
                type="radio"
                name="by"
                value={basis}
                checked={by === basis}
                onChange={() => setBy(basis)}
              />{' '}
              {t(`channelReport.basis.${basis}`)}
            </label>
          ))}
        </fieldset>
      </div>
      {report.isPending && <p role="status">{t('loading')}</p>}
      {report.isError && <Banner tone="error">{errorText(report.error)}</Banner>}
      {report.data &&
        (report.data.rows.length === 0 ? (
          <EmptyCard>{t('channelReport.empty')}</EmptyCard>
        ) : (
          <Table aria-label={t('channelReport.tableLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('channelReport.columns.channel')}</th>
                <th scope="col">{t('channelReport.columns.bookings')}</th>
                {FIGURES.map((key) => (
                  <th key={key} scope="col">
                    {t(`channelReport.columns.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((r) => (
                <tr key={`${r.channel}:${r.name ?? ''}`}>
                  <th scope="row">{channelName(r)}</th>
                  {figures(r)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('channelReport.total')}</th>
                {figures(report.data.totals)}
              </tr>
            </tfoot>
          </Table>
        ))}
      <div className={styles.exportBar}>
        <CsvFormatFields {...csvFormat} />
        <Button variant="outline" size="compact" disabled={!report.data} onClick={() => void download()}>
          {t('channelReport.download')}
        </Button>
      </div>
    </div>
  );
}
