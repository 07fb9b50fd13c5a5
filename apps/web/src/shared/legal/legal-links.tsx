// Links to the privacy policy, the terms and the legal notice: in the footer, the consent
// window and the payment step.
import { useTranslation } from 'react-i18next';
import { LEGAL_DOCUMENTS, type LegalDocument } from '@boats/domain/public-paths';
import { paths } from '../paths';

export function LegalLinks({
  className,
  only = LEGAL_DOCUMENTS,
  newTab = false,
}: {
  className?: string;
  only?: readonly LegalDocument[];
  /** In the middle of a booking, open the page beside it instead of leaving the flow. */
  newTab?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {only.map((document) => (
        <li key={document}>
          <a href={paths.legal.getHref(document)} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
            {t(`legalNav.${document}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
