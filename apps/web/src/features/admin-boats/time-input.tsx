// A 24-hour HH:mm field. The native time input follows the browser's locale and shows AM/PM
// in many of them; the spec wants 24-hour times everywhere, so this is a checked text field.
import { useTranslation } from 'react-i18next';

export function TimeInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      required
      pattern="([01][0-9]|2[0-3]):[0-5][0-9]"
      maxLength={5}
      size={6}
      placeholder={t('slots.timePlaceholder')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
