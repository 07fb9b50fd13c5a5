// A day in the app language's own format (25/11/2026 in English and Spanish, 25.11.2026 in
// German and Russian), whatever language the browser is in: a native date input writes the
// browser's format (11/25/2026 in an American browser) beside the app's 25/11/2026. The value
// stays a date key (2026-11-25), which the schemas check; text that is not a real day is
// passed on as typed, so the schema refuses it in words. The calendar button opens the
// browser's own picker through a date input that is never shown.
import { dateKeyFromText, formatDateKey, isDateKey } from '@boats/domain/canary-time';
import { useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '@boats/domain/languages';
import { currentLanguage } from '../i18n/i18n';
import styles from './form-field.module.css';

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** A date key, '' or the text typed when it is not a day. */
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * Whether a change event is a date field now naming a whole day, or cleared: a filter that
 * applies a chosen day at once waits for the last digit instead of applying every keystroke.
 */
export function isWholeDayChange(target: EventTarget): boolean {
  if (!(target instanceof HTMLInputElement)) return false;
  if (target.type === 'date') return true; // the calendar's pick
  if (!('dateText' in target.dataset)) return false;
  return target.value.trim() === '' || dateKeyFromText(target.value, currentLanguage()) !== null;
}

/** How a value reads in the language: a day in its format, anything else as typed. */
const shown = (value: string, lang: LanguageCode) => (isDateKey(value) ? formatDateKey(value, lang) : value);

export function DateInput({ value, onChange, className, ref, ...rest }: DateInputProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // What the person typed stays as typed while the value is the one it gave, or the one it was
  // typed over (a page that takes only whole days keeps its day meanwhile); a value set from
  // outside (a reset, the picker) or another language shows in the language's format.
  const [typed, setTyped] = useState<{ text: string; value: string; over: string; lang: string } | null>(
    null,
  );
  const text =
    typed && typed.lang === lang && (value === typed.value || value === typed.over)
      ? typed.text
      : shown(value, lang);
  const picker = useRef<HTMLInputElement>(null);

  const type = (input: string) => {
    const next = input.trim() === '' ? '' : (dateKeyFromText(input, lang) ?? input);
    setTyped({ text: input, value: next, over: value, lang });
    onChange(next);
  };

  return (
    <span className={styles.dateInput}>
      <input
        {...rest}
        ref={ref}
        type="text"
        data-date-text=""
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('date.placeholder')}
        className={className ?? styles.control}
        value={text}
        onChange={(e) => type(e.target.value)}
      />
      <button
        type="button"
        className={styles.datePick}
        aria-label={t('date.pick')}
        disabled={rest.disabled}
        onClick={() => picker.current?.showPicker?.()}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 8h14v10H5V10Z"
            fill="currentColor"
          />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className={styles.datePicker}
        value={isDateKey(value) ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </span>
  );
}
