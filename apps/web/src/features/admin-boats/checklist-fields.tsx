// A self-drive boat's condition checklist (decision 39): the platform's, or the owner's own
// rows of "what to check, and how" (a level in quarters, a number, on board or not, a note).
// Starting an own list copies the platform's, whose items keep their names in every language
// until the owner writes words of their own.
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CHECK_KINDS, DEFAULT_CHECKLIST } from '@boats/domain/condition-checklist';
import { FormField } from '../../shared/ui/form';
import button from '../../shared/ui/button.module.css';
import { useItemLabel } from '../../shared/self-drive/condition-comparison';
import type { BoatDraft } from './boat-draft';
import styles from './boat-form.module.css';

/** At most this many items: a phone at the harbour, not an inspection survey. */
const MAX_ITEMS = 40;

export function ChecklistFields() {
  const { t } = useTranslation('admin');
  const itemLabel = useItemLabel();
  const { control, register, getValues, setValue } = useFormContext<BoatDraft>();
  const own = useWatch({ control, name: 'checklistOwn' });
  const items = useFieldArray({ control, name: 'checklist' });

  return (
    <>
      <label className={styles.check}>
        <input
          type="checkbox"
          {...register('checklistOwn', {
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked && getValues('checklist').length === 0)
                setValue(
                  'checklist',
                  DEFAULT_CHECKLIST.map((item) => ({ key: item.key, kind: item.kind, label: '' })),
                );
            },
          })}
        />
        {t('editor.checklistOwn')}
      </label>
      {!own ? (
        <p className={styles.hint}>
          {t('editor.checklistDefault', {
            items: DEFAULT_CHECKLIST.map((item) => itemLabel(item)).join(', '),
          })}
        </p>
      ) : (
        <>
          <ul className={styles.rules} aria-label={t('editor.checklistItems')}>
            {items.fields.map((field, index) => (
              <li key={field.id} className={styles.ruleRow}>
                <FormField
                  label={t('editor.checklistLabel')}
                  name={`checklist.${index}.label`}
                  maxLength={80}
                  placeholder={itemLabel({ key: field.key, kind: field.kind })}
                />
                <FormField label={t('editor.checklistKind')} name={`checklist.${index}.kind`} as="select">
                  {CHECK_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`editor.checklistKinds.${kind}`)}
                    </option>
                  ))}
                </FormField>
                <button
                  type="button"
                  className={button.outline}
                  aria-label={t('editor.checklistRemove', { n: index + 1 })}
                  onClick={() => items.remove(index)}
                >
                  {t('editor.remove')}
                </button>
              </li>
            ))}
          </ul>
          <div>
            <button
              type="button"
              className={button.outline}
              disabled={items.fields.length >= MAX_ITEMS}
              onClick={() => {
                const taken = new Set(getValues('checklist').map((item) => item.key));
                let n = taken.size + 1;
                while (taken.has(`item_${n}`)) n += 1;
                items.append({ key: `item_${n}`, kind: 'present', label: '' });
              }}
            >
              {t('editor.checklistAdd')}
            </button>
          </div>
        </>
      )}
    </>
  );
}
