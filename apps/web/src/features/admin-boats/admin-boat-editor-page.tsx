// Admin boat editor (docs/product.md §2): back link, the boat form with a Saved banner or the server's
// error text, and — once the boat exists — its availability panel. The first save of a new boat
// moves to the boat's edit address; the saved boat is already in the query cache there. The
// boat's settings for resellers sit above its availability. The platform admin also reads the
// boat's history there (owners are refused its route).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AdminBoat, BoatInput } from '@boats/domain/schemas/boat';
import { localized } from '@boats/domain/boat-card';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { useAuth } from '../../shared/auth/auth-context';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Banner } from '../../shared/ui/banner';
import { currentLanguage } from '../../shared/i18n/i18n';
import { useListingStep } from './api/listing-step';
import { useAdminBoat } from './api/get-admin-boat';
import { useSaveBoat } from './api/save-boat';
import { AvailabilityPanel } from './availability-panel';
import { BoatHistory } from './boat-history';
import { boatDraftResolver, draftFromBoat, newBoatDraft, type BoatDraft } from './boat-draft';
import { BoatForm } from './boat-form';
import { ListingActions, ListingBadge, ListingMissing } from './listing-controls';
import { useConfirmListingStep } from './use-confirm-listing-step';
import { PauseDialog } from './pause-dialog';
import { ResellerSettings } from './reseller-settings';
import styles from './admin-boat-editor.module.css';
import { paths } from '../../shared/paths';

/** Navigation state after the first save of a new boat, so the edit page says "Saved". */
type SavedState = { justSaved?: boolean };

export default function AdminBoatEditorPage() {
  const { t } = useTranslation('admin');
  const { boatId } = useParams();
  return (
    <AdminLayout title={boatId ? t('editor.editTitle') : t('editor.newTitle')}>
      <Link to={paths.admin.boats.getHref()} className={styles.back}>
        ← {t('editor.back')}
      </Link>
      <BoatLoader key={boatId ?? 'new'} boatId={boatId} />
    </AdminLayout>
  );
}

function BoatLoader({ boatId }: { boatId: string | undefined }) {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const boat = useAdminBoat(boatId);
  if (!boatId) return <BoatEditor boat={undefined} />;
  if (boat.isPending) return <p role="status">{t('editor.loading')}</p>;
  if (boat.isError) return <Banner tone="error">{errorText(boat.error)}</Banner>;
  return <BoatEditor boat={boat.data} />;
}

function BoatEditor({ boat }: { boat: AdminBoat | undefined }) {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const justSaved = Boolean((location.state as SavedState | null)?.justSaved);
  const save = useSaveBoat(boat?._id);
  const { isAdmin } = useAuth();
  const form = useForm<BoatDraft, unknown, BoatInput>({
    mode: 'onTouched',
    resolver: boatDraftResolver,
    defaultValues: boat ? draftFromBoat(boat) : newBoatDraft(),
  });
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(
    justSaved ? { tone: 'success', text: t('editor.saved') } : null,
  );

  async function submit(input: BoatInput) {
    setBanner(null);
    const saved = await save.mutateAsync(input);
    if (!boat) {
      await navigate(paths.admin.editBoat.getHref(saved._id), {
        replace: true,
        state: { justSaved: true } satisfies SavedState,
      });
      return;
    }
    form.reset(draftFromBoat(saved));
    setBanner({ tone: 'success', text: t('editor.saved') });
  }

  return (
    <div className={styles.layout}>
      {banner && <Banner tone={banner.tone}>{banner.text}</Banner>}
      {boat && <ListingPanel boat={boat} isAdmin={isAdmin} />}
      <BoatForm
        isAdmin={isAdmin}
        form={form}
        onSubmit={submit}
        onError={(err) => setBanner({ tone: 'error', text: errorText(err) })}
        onInvalid={() => setBanner({ tone: 'error', text: t('editor.fixErrors') })}
      />
      {boat && <ResellerSettings boat={boat} isAdmin={isAdmin} />}
      {boat ? <AvailabilityPanel boat={boat} /> : <p className={styles.hint}>{t('editor.saveFirst')}</p>}
      {boat && isAdmin && <BoatHistory boatId={boat._id} />}
    </div>
  );
}

/**
 * Where the boat stands and its next step: a draft lists what it still needs and offers "Submit
 * for review"; the platform approves it; its owner pauses it and puts it back.
 */
function ListingPanel({ boat, isAdmin }: { boat: AdminBoat; isAdmin: boolean }) {
  const { t } = useTranslation('admin');
  const errorText = useAdminErrorText();
  const step = useListingStep();
  const confirmStep = useConfirmListingStep();
  const [pausing, setPausing] = useState<{ boat: AdminBoat; title: string } | null>(null);
  const title = localized(boat.titleI18n, boat.title, currentLanguage());
  // A refused step ("Not yet: the boat still needs…") speaks of the boat as it was: once a save
  // changes what it needs, or its state, the old refusal goes instead of contradicting the panel.
  const { reset } = step;
  const facts = `${boat.listing}:${boat.missing.join(',')}`;
  useEffect(() => reset(), [reset, facts]);
  return (
    <section className={styles.listing} aria-labelledby="listing-heading">
      <h2 id="listing-heading" className={styles.listingHeading}>
        {t('listing.heading')}
      </h2>
      <ListingBadge boat={boat} />
      <p className={styles.listingNext}>{t(`listing.next.${isAdmin ? 'admin' : 'owner'}.${boat.listing}`)}</p>
      <ListingMissing boat={boat} />
      {step.isError && <Banner tone="error">{errorText(step.error)}</Banner>}
      <ListingActions
        boat={boat}
        isAdmin={isAdmin}
        title={title}
        busy={step.isPending}
        onStep={(action) => {
          // Paid trips ahead: the dialog asks what becomes of them before pausing.
          if (action === 'pause' && boat.upcomingBookings > 0) setPausing({ boat, title });
          else {
            const confirmed = confirmStep(boat, title, action);
            if (confirmed) step.mutate({ id: boat._id, action, ...confirmed });
          }
        }}
      />
      {pausing && (
        <PauseDialog boat={pausing.boat} title={pausing.title} step={step} onClose={() => setPausing(null)} />
      )}
    </section>
  );
}
