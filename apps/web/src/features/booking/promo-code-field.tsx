// The review step's promo code: a field and Apply. The server answers the code's terms (or the
// reason it is refused, shown translated); the discount line itself is the review's, computed
// by the domain's promoDiscountCents as the checkout charges it.
import { useTranslation } from 'react-i18next';
import type { PromoCheckResponse } from '@boats/domain/schemas/promo-codes';
import { promoRefusalText } from '../../shared/checkout';
import { useCheckPromoCode } from './api/check-promo-code';
import { CodeField } from './code-field';

export type PromoCodeFieldProps = {
  boatId: string;
  /** The trip and the extras, in cents; null while nothing is chosen. */
  subtotalCents: number | null;
  applied: PromoCheckResponse | null;
  onChange: (promo: PromoCheckResponse | null) => void;
};

export function PromoCodeField({ boatId, subtotalCents, applied, onChange }: PromoCodeFieldProps) {
  const { t } = useTranslation('booking');
  const check = useCheckPromoCode();
  return (
    <CodeField
      label={t('promo.label')}
      applied={applied?.code ?? null}
      appliedText={(code) => t('promo.applied', { code })}
      kind="promo"
      disabled={subtotalCents === null}
      pending={check.isPending}
      check={async (code) => {
        if (subtotalCents === null) return null;
        try {
          onChange(await check.mutateAsync({ boatId, code, subtotalCents }));
          return null;
        } catch (err) {
          onChange(null);
          return promoRefusalText(err) ?? t('promo.failed');
        }
      }}
      onRemove={() => onChange(null)}
    />
  );
}
