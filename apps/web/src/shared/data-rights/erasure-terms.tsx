// What an erasure erases and what the law makes us keep (docs/privacy.md#erasure), said the same
// wherever it is asked for: manage my booking and the e-mailed link's page. An invoice keeps its
// recipient: the customer's name and address above the simplified-invoice limit, a company's.
import { useTranslation } from 'react-i18next';
import { SIMPLIFIED_LIMIT_CENTS } from '@boats/domain/customer-invoice';
import { formatMoney } from '@boats/domain/money';
import { useLanguage } from '../i18n/use-language';

export function ErasureTerms() {
  const { t } = useTranslation('manage');
  const language = useLanguage();
  return (
    <>
      <p>{t('erasure.what')}</p>
      <p>
        {t('erasure.kept', { limit: formatMoney(SIMPLIFIED_LIMIT_CENTS, language, { decimals: false }) })}
      </p>
    </>
  );
}
