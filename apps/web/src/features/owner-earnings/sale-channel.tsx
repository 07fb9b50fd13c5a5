// Who sold a booking, what the seller kept of the customer's price and, on an agent's sale, the
// commission invoice that invoices the owner for it, as a statement line shows it on the phone and
// on the printable statement alike (docs/payments.md#the-owners-statement).
import { useTranslation } from 'react-i18next';
import { formatEuros } from '@boats/domain/money';
import type { EarningLine } from '@boats/domain/schemas/payouts';
import { currentLanguage } from '../../shared/i18n/i18n';

export function SaleChannel({
  line,
  className,
}: {
  line: Pick<
    EarningLine,
    'channel' | 'channelName' | 'channelCommission' | 'commissionInvoice' | 'agentCommissionInvoiced'
  >;
  className?: string;
}) {
  const { t } = useTranslation('owner-earnings');
  if (!line.channel) return null;
  const kind = t(`channel.${line.channel}`);
  const seller = line.channelName ? `${kind} · ${line.channelName}` : kind;
  return (
    <span className={className} data-testid="sale-channel">
      <span>{t('lines.soldBy', { seller })}</span>
      {/* A reseller's or agent's commission: the gross is what reached the platform after it. */}
      {line.channelCommission !== 0 && (
        <>
          {' · '}
          <span>
            {t('lines.channelCommission', { amount: formatEuros(line.channelCommission, currentLanguage()) })}
          </span>
        </>
      )}
      {/* The agent's commission the owner bears, on the platform's commission invoice (decision 36). */}
      {line.commissionInvoice && line.agentCommissionInvoiced !== 0 && (
        <>
          {' · '}
          <span data-testid="agent-commission-invoiced">
            {t('lines.agentInvoiced', {
              invoice: line.commissionInvoice,
              amount: formatEuros(line.agentCommissionInvoiced, currentLanguage()),
            })}
          </span>
        </>
      )}
    </span>
  );
}
