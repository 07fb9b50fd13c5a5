// A slot's start and end as typed HH:mm (Canary time), for the add-slot modal and each slot row.
// The pair's problems depend on both times (an overlap is told under Start, an end before the
// start under End), so a change to either re-checks the other: the form validates only the field
// that changed, and an error the other field got from an earlier pair would otherwise stay.
import { useTranslation } from 'react-i18next';
import { FormField } from '../../shared/ui/form';

export type SlotTimeFieldsProps = {
  /** Unique per row, so a row's field ids do not clash with another row's. */
  idPrefix?: string;
};

export function SlotTimeFields({ idPrefix }: SlotTimeFieldsProps) {
  const { t } = useTranslation('admin');
  return (['start', 'end'] as const).map((name) => (
    <FormField
      key={name}
      id={idPrefix === undefined ? undefined : `${idPrefix}-${name}`}
      name={name}
      deps={name === 'start' ? ['end'] : ['start']}
      label={t(`slots.${name}`)}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      size={6}
      placeholder={t('slots.timePlaceholder')}
    />
  ));
}
