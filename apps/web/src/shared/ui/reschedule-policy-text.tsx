// A boat's reschedule policy in one sentence: on the review before paying and on manage my
// booking before changing the date.
import { useTranslation } from 'react-i18next';
import { formatEuros } from '@boats/domain/money';
import type { ReschedulePolicyWire } from '@boats/domain/schemas/boat';
import { currentLanguage } from '../i18n/i18n';

export function useReschedulePolicyText(): (policy: ReschedulePolicyWire) => string {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  return (policy) =>
    policy.allowed
      ? t('reschedulePolicy.rule', {
          hours: policy.hoursBefore,
          count: policy.maxTimes,
          fee: policy.fee > 0 ? formatEuros(policy.fee, lang) : t('reschedulePolicy.free'),
        })
      : t('reschedulePolicy.none');
}
