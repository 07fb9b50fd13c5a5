// A boat's listing in the back office (docs/back-office.md#listings): its state as a badge, what
// it still needs before a review, and the steps the domain's table offers the viewer from there
// (the owner submits, pauses and resumes; the platform approves, sends back, suspends,
// reinstates). The server takes the same table, so a button shown is a step it accepts.
import { useTranslation } from 'react-i18next';
import { listingActionsFor, type ListingAction, type ListingState } from '@boats/domain/listing-state';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { Badge, type BadgeTone } from '../../shared/ui/badge';
import { Button } from '../../shared/ui/button';
import styles from './listing-controls.module.css';

const TONE: Record<ListingState, BadgeTone> = {
  draft: 'neutral',
  in_review: 'info',
  live: 'success',
  paused: 'warning',
  suspended: 'danger',
  archived: 'done',
};

export function ListingBadge({ boat }: { boat: Pick<AdminBoat, 'listing' | 'ownerSuspended'> }) {
  const { t } = useTranslation('admin');
  return (
    <span className={styles.badges}>
      <Badge tone={TONE[boat.listing]}>{t(`listing.state.${boat.listing}`)}</Badge>
      {boat.ownerSuspended && boat.listing !== 'archived' && (
        <Badge tone="danger">{t('listing.ownerSuspended')}</Badge>
      )}
    </span>
  );
}

/** What a draft still needs before it can be submitted, said before the button that would be refused. */
export function ListingMissing({ boat }: { boat: Pick<AdminBoat, 'listing' | 'missing'> }) {
  const { t } = useTranslation('admin');
  if (boat.missing.length === 0 || (boat.listing !== 'draft' && boat.listing !== 'in_review')) return null;
  return (
    <div className={styles.missing}>
      <p>{t('listing.missingTitle')}</p>
      <ul>
        {boat.missing.map((m) => (
          <li key={m}>{t(`listing.missing.${m}`)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The steps first, archiving (or restoring) last; each button names its boat for screen readers. */
export function ListingActions({
  boat,
  isAdmin,
  title,
  busy,
  onStep,
}: {
  boat: Pick<AdminBoat, 'listing' | 'missing'>;
  isAdmin: boolean;
  title: string;
  busy: boolean;
  onStep: (action: ListingAction) => void;
}) {
  const { t } = useTranslation('admin');
  const actions = listingActionsFor(boat.listing, isAdmin ? 'admin' : 'owner');
  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === 'submit' || action === 'approve' ? 'primary' : 'outline'}
          size="compact"
          tone={action === 'suspend' || action === 'archive' ? 'danger' : undefined}
          disabled={busy}
          aria-label={`${t(`listing.action.${action}`)}: ${title}`}
          onClick={() => onStep(action)}
        >
          {t(`listing.action.${action}`)}
        </Button>
      ))}
    </div>
  );
}
