// The disputes the admin decides (docs/decisions/0040), above the bookings list: each claim with
// its photos, the owner's note, the customer's answer, when the card's authorisation lapses, and
// the decision form. Shown to the admin only, and only when there is one.
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { useAuth } from '../../shared/auth/auth-context';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useDepositAction } from './api/deposit';
import { useDisputedClaims } from './api/deposit-claims';
import { ClaimSummary } from './booking-deposit';
import { ClaimDecisionForm } from './claim-decision-form';
import { money } from './booking-format';
import styles from './admin-bookings.module.css';

export function DisputedClaims() {
  const { t } = useTranslation('admin-bookings');
  const isAdmin = useAuth().user?.role === 'admin';
  const claims = useDisputedClaims(isAdmin);
  const list = claims.data?.claims ?? [];
  if (!isAdmin || list.length === 0) return null;
  return (
    <section aria-labelledby="disputed-claims-title" data-testid="disputed-claims">
      <h2 id="disputed-claims-title" className={styles.subheading}>
        {t('claim.disputesTitle', { count: list.length })}
      </h2>
      {list.map((entry) => (
        <DisputedClaim key={entry.bookingId} entry={entry} />
      ))}
    </section>
  );
}

type Entry = NonNullable<ReturnType<typeof useDisputedClaims>['data']>['claims'][number];

function DisputedClaim({ entry }: { entry: Entry }) {
  const { t } = useTranslation('admin-bookings');
  const errorText = useAdminErrorText();
  const locale = currentLanguage();
  const action = useDepositAction(entry.bookingId);
  return (
    <article aria-label={entry.reference}>
      <h3>
        {entry.reference} · {entry.boatTitle} · {entry.customerName}
      </h3>
      <p className={styles.muted}>
        {t('claim.ofDeposit', { amount: money(entry.deposit) })}
        {entry.lapsesAt &&
          ` · ${t('deposit.lapsesAt', { when: formatCanaryDateTime(entry.lapsesAt, locale) })}`}
      </p>
      <ClaimSummary bookingId={entry.bookingId} claim={entry.claim} />
      <ClaimDecisionForm
        claim={entry.claim}
        pending={action.isPending}
        onDecide={(decision) => action.mutate({ kind: 'decision', ...decision })}
      />
      {action.error && <p role="alert">{errorText(action.error)}</p>}
    </article>
  );
}
