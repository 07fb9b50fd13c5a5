// A boat's cancellation rules in words, most generous first: on the review before paying and
// on manage-my-booking before cancelling.
import { useTranslation } from 'react-i18next';
import type { CancellationRule } from '@boats/domain/cancellation-policy';
import styles from './cancellation-policy-rules.module.css';

export function CancellationPolicyRules({
  policy,
  headingLevel = 3,
}: {
  policy: readonly CancellationRule[];
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const rules = [...policy].sort((a, b) => b.hoursBefore - a.hoursBefore);
  return (
    <div className={styles.rules}>
      <Heading className={styles.title}>{t('cancellationPolicy.title')}</Heading>
      <ul className={styles.list}>
        {rules.map((rule) => (
          <li key={rule.hoursBefore}>
            {t('cancellationPolicy.rule', { count: rule.hoursBefore, percent: rule.refundPercent })}
          </li>
        ))}
        <li>{t('cancellationPolicy.ruleNone')}</li>
      </ul>
    </div>
  );
}
