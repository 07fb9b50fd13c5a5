// 1 to 5 stars as a group of radio buttons: each star is a labelled choice, reachable by keyboard
// (arrows move between them), its error tied to the group like any field's. The value is the
// number of stars.
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText, useFieldA11y } from '../../shared/ui/form';
import styles from '../../shared/reviews/reviews.module.css';

export function StarsField({ name, legend }: { name: string; legend: string }) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const { register, setValue, watch } = useFormContext();
  // React Hook Form reads a radio group's value as the checked input's text, whatever
  // valueAsNumber says (on change and on blur), and the schema wants the number: each star sets
  // it, and the group's ref is kept only so an error can focus it.
  const field = register(name);
  const { error, errorId } = useFieldA11y(name, undefined, false);
  const chosen = Number(watch(name) ?? 0);
  return (
    <fieldset className={styles.stars} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className={styles.starRow}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= chosen ? styles.starOn : styles.star}>
            <input
              type="radio"
              value={n}
              className={styles.starInput}
              aria-invalid={error ? true : undefined}
              name={field.name}
              ref={field.ref}
              checked={chosen === n}
              onChange={() =>
                setValue(name, n, { shouldDirty: true, shouldTouch: true, shouldValidate: true })
              }
            />
            <span aria-hidden="true">★</span>
            <span className={styles.visuallyHidden}>{t('form.star', { count: n })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {errorText(error)}
        </p>
      )}
    </fieldset>
  );
}
