// Every date and time a customer reads is Canary time and says so, in the reader's language:
// "25/11/2026 22:00 (Canary time)". The site's one formatter for it, so no page, ticket or
// printout writes a bare time a visitor from another zone could misread.
import { useTranslation } from 'react-i18next';
import {
  canaryTimeLabel,
  formatCanaryDate,
  formatCanaryDateTime,
  type InstantInput,
} from '@boats/domain/canary-time';
import type { LanguageCode } from '@boats/domain/languages';

export type CanaryTimeText = {
  /** A moment: "25/11/2026 22:00 (Canary time)". */
  at: (instant: InstantInput) => string;
  /** A trip on one day: "25/11/2026 10:00–12:00 (Canary time)"; without an end, its start. */
  span: (start: InstantInput, end?: InstantInput | null) => string;
};

export function useCanaryTimeText(locale: LanguageCode): CanaryTimeText {
  const { t } = useTranslation('common');
  const zoned = (when: string) => t('canaryTime', { when });
  return {
    at: (instant) => zoned(formatCanaryDateTime(instant, locale)),
    span: (start, end) =>
      zoned(
        `${formatCanaryDate(start, locale)} ${canaryTimeLabel(start)}${end ? `–${canaryTimeLabel(end)}` : ''}`,
      ),
  };
}
