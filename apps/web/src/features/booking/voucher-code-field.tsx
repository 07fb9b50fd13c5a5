// The review step's gift voucher: a field and Apply (docs/payments.md#gift-vouchers). The server
// answers the voucher's balance (or the reason it cannot pay, shown translated); the review
// splits its total with the domain's voucherSplit, as the checkout reserves it.
import { useTranslation } from 'react-i18next';
import type { VoucherCheckResponse } from '@boats/domain/schemas/gift-vouchers';
import { voucherRefusalText } from '../../shared/checkout';
import { useCheckVoucher } from './api/check-voucher';
import { CodeField } from './code-field';

export type VoucherCodeFieldProps = {
  boatId: string;
  /** The total after a promo code, in cents; null while nothing is chosen. */
  totalCents: number | null;
  applied: VoucherCheckResponse | null;
  onChange: (voucher: VoucherCheckResponse | null) => void;
};

export function VoucherCodeField({ boatId, totalCents, applied, onChange }: VoucherCodeFieldProps) {
  const { t } = useTranslation('booking');
  const check = useCheckVoucher();
  return (
    <CodeField
      label={t('voucher.label')}
      applied={applied?.code ?? null}
      appliedText={(code) => t('voucher.applied', { code })}
      kind="voucher"
      disabled={totalCents === null}
      pending={check.isPending}
      check={async (code) => {
        if (totalCents === null) return null;
        try {
          onChange(await check.mutateAsync({ boatId, code, totalCents }));
          return null;
        } catch (err) {
          onChange(null);
          return voucherRefusalText(err) ?? t('voucher.failed');
        }
      }}
      onRemove={() => onChange(null)}
    />
  );
}
