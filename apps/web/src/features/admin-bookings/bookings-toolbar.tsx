// Filters of the bookings page: month (Canary time), then a filter form over the same schema the
// server checks the list's query with: status, type and sort apply at once, the search on Enter
// or Apply. A query the server refuses shows its reason on the field it names. Beside them the
// CSV export of the current filter.
import { BOOKING_CHANNELS } from '@boats/domain/booking-channel';
import { BOOKING_STATUSES } from '@boats/domain/booking-status';
import { formatCanaryMonthYear } from '@boats/domain/canary-time';
import { bookingsQuerySchema } from '@boats/domain/schemas/booking';
import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Button } from '../../shared/ui/button';
import { Form, FormField, serverFieldErrors, useZodForm } from '../../shared/ui/form';
import type { BookingsFilter } from './bookings-api';
import { CsvFormatFields, type useCsvFormat } from './csv-format';
import styles from './admin-bookings.module.css';

/** The part of the list's query that the filter form edits. */
const bookingsFilterSchema = bookingsQuerySchema.pick({
  status: true,
  type: true,
  channel: true,
  q: true,
  sort: true,
});
export type BookingsFilterValues = z.output<typeof bookingsFilterSchema>;
const FIELDS = ['status', 'type', 'channel', 'q', 'sort'] as const;

export type ToolbarProps = {
  month: { year: number; month: number };
  /** A search is on: it looks in every month, so the month is not a filter now. */
  everyMonth?: boolean;
  onMonth: (delta: number) => void;
  /** The filter the list shows now. */
  filter: Pick<BookingsFilter, 'status' | 'type' | 'channel' | 'q' | 'sort'>;
  onApply: (values: BookingsFilterValues) => void;
  /** The list's failure: a 400 naming a filter field shows on that field. */
  listError: unknown;
  exportDisabled: boolean;
  exporting: boolean;
  /** How the file is written: its language (by default the page's), separator and decimal mark. */
  csvFormat: ReturnType<typeof useCsvFormat>;
  onExport: () => void;
};

export function BookingsToolbar(p: ToolbarProps) {
  const { t } = useTranslation('admin-bookings');
  const errors = useMemo(() => serverFieldErrors(p.listError, FIELDS), [p.listError]);
  const form = useZodForm(bookingsFilterSchema, { defaultValues: p.filter, errors });
  // A choice in a list applies at once; the search waits for Enter or Apply.
  const applyChoice = (event: FormEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) event.currentTarget.requestSubmit();
  };
  return (
    <div className={styles.toolbar}>
      <div className={styles.monthNav}>
        <Button variant="outline" size="icon" onClick={() => p.onMonth(-1)} aria-label={t('month.previous')}>
          ‹
        </Button>
        <span className={styles.monthLabel} aria-live="polite">
          {p.everyMonth
            ? t('filter.everyMonth')
            : formatCanaryMonthYear(p.month.year, p.month.month, currentLanguage())}
        </span>
        <Button variant="outline" size="icon" onClick={() => p.onMonth(1)} aria-label={t('month.next')}>
          ›
        </Button>
      </div>

      <Form
        form={form}
        className={styles.filters}
        role="search"
        onChange={applyChoice}
        onSubmit={(values) => p.onApply(values)}
      >
        <FormField name="status" label={t('filter.status')} as="select" compact>
          <option value="">{t('filter.allStatuses')}</option>
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </FormField>
        <FormField name="type" label={t('filter.type')} as="select" compact>
          <option value="">{t('filter.allTypes')}</option>
          <option value="private">{t('type.private')}</option>
          <option value="shared">{t('type.shared')}</option>
        </FormField>
        <FormField name="channel" label={t('filter.channel')} as="select" compact>
          <option value="">{t('filter.allChannels')}</option>
          {BOOKING_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {t(`channel.${c}`)}
            </option>
          ))}
        </FormField>
        <FormField
          name="q"
          label={t('filter.search')}
          type="search"
          placeholder={t('filter.searchPlaceholder')}
          maxLength={200}
          compact
          fieldClassName={styles.grow}
        />
        <FormField name="sort" label={t('filter.sort')} as="select" compact>
          <option value="upcoming">{t('filter.sortUpcoming')}</option>
          <option value="asc">{t('filter.sortAsc')}</option>
          <option value="desc">{t('filter.sortDesc')}</option>
        </FormField>
        <Button type="submit" variant="secondary" size="compact">
          {t('filter.apply')}
        </Button>
      </Form>
      <div className={styles.exportBar}>
        {/* Not a filter: how the file is written, so the operator's spreadsheet splits it. */}
        <CsvFormatFields {...p.csvFormat} />
        <Button
          variant="outline"
          size="compact"
          disabled={p.exportDisabled || p.exporting}
          onClick={p.onExport}
        >
          {p.exporting ? t('export.working') : t('export.button')}
        </Button>
      </div>
    </div>
  );
}
