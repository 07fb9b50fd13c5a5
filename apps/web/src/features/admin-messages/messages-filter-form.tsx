// The messages' filter bar, validated with the schema the server checks the list's query with.
// A source, a date or the page size applies at once, the search on Enter or Refresh. Dates the
// wrong way round are said under "To" and only the rest applies; a query the server refuses
// shows its reason on the field it names.
import { LEAD_SOURCES } from '@boats/domain/schemas/contact';
import { MESSAGE_PAGE_SIZES, messagesQuerySchema, type MessagesQuery } from '@boats/domain/schemas/messages';
import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button';
import { Form, FormField, serverFieldErrors, useZodForm } from '../../shared/ui/form';
import { isWholeDayChange } from '../../shared/ui/date-input';
import type { MessagesFilter } from './api/get-messages';
import styles from './admin-messages.module.css';

export type MessagesFilterValues = Pick<MessagesFilter, 'search' | 'source' | 'from' | 'to' | 'limit'>;
const FIELDS = ['search', 'source', 'from', 'to', 'limit'] as const;

const valuesOf = (query: MessagesQuery): MessagesFilterValues => ({
  search: query.search ?? '',
  source: query.source ?? '',
  from: query.from ?? '',
  to: query.to ?? '',
  limit: query.limit,
});

export type MessagesFilterFormProps = {
  /** The filter the list shows now. */
  filter: MessagesFilterValues;
  onApply: (values: MessagesFilterValues) => void;
  /** The list's failure: a 400 naming a filter field shows on that field. */
  listError: unknown;
};

export function MessagesFilterForm({ filter, onApply, listError }: MessagesFilterFormProps) {
  const { t } = useTranslation('admin-messages');
  const errors = useMemo(() => serverFieldErrors(listError, FIELDS), [listError]);
  const form = useZodForm(messagesQuerySchema, { defaultValues: filter, errors });
  const applyChoice = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (target instanceof HTMLSelectElement || isWholeDayChange(target)) event.currentTarget.requestSubmit();
  };
  // The other fields still apply when only the dates are wrong; the dates stay as last applied.
  const applyRest = () => {
    const rest = messagesQuerySchema.safeParse({ ...form.getValues(), from: filter.from, to: filter.to });
    if (rest.success) onApply(valuesOf(rest.data));
  };
  return (
    <Form
      form={form}
      className={styles.filters}
      role="search"
      onChange={applyChoice}
      onSubmit={(query) => onApply(valuesOf(query))}
      onInvalid={applyRest}
    >
      <FormField
        name="search"
        label={t('filter.search')}
        type="search"
        maxLength={200}
        compact
        fieldClassName={styles.grow}
      />
      <FormField name="source" label={t('filter.source')} as="select" compact>
        <option value="">{t('filter.allSources')}</option>
        {LEAD_SOURCES.map((s) => (
          <option key={s} value={s}>
            {t(`source.${s}`)}
          </option>
        ))}
      </FormField>
      <FormField name="from" label={t('filter.from')} type="date" compact deps={['to']} />
      <FormField name="to" label={t('filter.to')} type="date" compact />
      <FormField name="limit" label={t('filter.perPage')} as="select" compact>
        {MESSAGE_PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </FormField>
      {/* Never disabled, not even while the list loads: a disabled submit button would make Enter
          in the search do nothing, and the words typed would be lost. */}
      <Button type="submit" variant="secondary" size="compact">
        {t('filter.refresh')}
      </Button>
    </Form>
  );
}
