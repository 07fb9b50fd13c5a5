// Admin boat editor (spec §2): back link, the boat form with a Saved banner or the server's
// error text, and — once the boat exists — its availability panel. The first save of a new boat
// moves to the boat's edit address, carrying the saved boat so nothing is fetched again.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Boat } from '@boats/domain/schemas/boat';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { useAdminFetch } from '../../shared/admin/use-admin-fetch';
import { errorText } from '../../shared/api/http';
import { Banner } from '../../shared/ui/banner';
import { useAuth } from '../../shared/auth/auth-context';
import { fetchAdminBoat, saveBoat } from './admin-boats-api';
import { AvailabilityPanel } from './availability-panel';
import { draftFromBoat, newBoatDraft, parseDraft, type BoatDraft } from './boat-draft';
import { BoatForm } from './boat-form';
import styles from './admin-boat-editor.module.css';

type SavedState = { savedBoat?: Boat };

export default function AdminBoatEditorPage() {
  const { t } = useTranslation('admin');
  const { boatId } = useParams();
  return (
    <AdminLayout title={boatId ? t('editor.editTitle') : t('editor.newTitle')}>
      <Link to="/admin/boats" className={styles.back}>
        ← {t('editor.back')}
      </Link>
      <BoatEditor key={boatId ?? 'new'} boatId={boatId} />
    </AdminLayout>
  );
}

function BoatEditor({ boatId }: { boatId: string | undefined }) {
  const { t } = useTranslation('admin');
  const fetcher = useAdminFetch();
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const carried = (location.state as SavedState | null)?.savedBoat;
  const initial = carried && carried._id === boatId ? carried : undefined;

  const [boat, setBoat] = useState<Boat | undefined>(initial);
  const [draft, setDraft] = useState<BoatDraft>(() => (initial ? draftFromBoat(initial) : newBoatDraft()));
  const [errors, setErrors] = useState<Partial<Record<keyof BoatDraft, string>>>({});
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(
    initial ? { tone: 'success', text: t('editor.saved') } : null,
  );
  const [loading, setLoading] = useState(Boolean(boatId) && !initial);

  useEffect(() => {
    if (!boatId || initial || !isAdmin) return;
    let live = true;
    fetchAdminBoat(fetcher, boatId)
      .then((loaded) => {
        if (!live) return;
        setBoat(loaded);
        setDraft(draftFromBoat(loaded));
      })
      .catch((err: unknown) => live && setBanner({ tone: 'error', text: errorText(err) }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // Load once per boat and sign-in, not on every token renewal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [boatId, isAdmin]);

  async function submit() {
    const parsed = parseDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setBanner({ tone: 'error', text: t('editor.fixErrors') });
      return;
    }
    setErrors({});
    setSaving(true);
    setBanner(null);
    try {
      const saved = await saveBoat(fetcher, boat?._id, parsed.boat);
      if (!boat) {
        await navigate(`/admin/boats/edit/${saved._id}`, {
          replace: true,
          state: { savedBoat: saved } satisfies SavedState,
        });
        return;
      }
      setBoat(saved);
      setDraft(draftFromBoat(saved));
      setBanner({ tone: 'success', text: t('editor.saved') });
    } catch (err) {
      setBanner({ tone: 'error', text: errorText(err) });
    } finally {
      setSaving(false);
    }
  }

  if (loading) return <p role="status">{t('editor.loading')}</p>;
  return (
    <div className={styles.layout}>
      {banner && <Banner tone={banner.tone}>{banner.text}</Banner>}
      <BoatForm
        draft={draft}
        errors={errors}
        saving={saving}
        onChange={setDraft}
        onSubmit={() => void submit()}
      />
      {boat ? <AvailabilityPanel boat={boat} /> : <p className={styles.hint}>{t('editor.saveFirst')}</p>}
    </div>
  );
}
