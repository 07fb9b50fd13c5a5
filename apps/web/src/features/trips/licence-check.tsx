// A self-drive booking's skipper licence on the manifest: what the customer or crew recorded, its
// photo, and crew's check against the document: confirm it, record it here at the harbour, or
// refuse the departure with a reason (the booking is then canceled, nothing refunded: the policy
// the customer accepted at booking, docs/decisions/0039). Recording and confirming work without
// signal: they wait on the phone with the photo and go with the next sync (offline/licence-queue.ts);
// a refusal needs signal, as it cancels the booking.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { canaryTimeLabel } from '@boats/domain/canary-time';
import type { BoatLicence } from '@boats/domain/licences';
import type { SkipperLicence } from '@boats/domain/schemas/self-drive';
import type { QueuedLicence } from '../../shared/offline/crew-offline-store';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { LicenceForm } from '../../shared/self-drive/licence-form';
import { LicenceSummary } from '../../shared/self-drive/licence-summary';
import {
  downloadAgreement,
  fetchStaffLicence,
  sendLicenceConfirm,
  sendLicenceRecord,
  uploadEvidencePhoto,
  useRefuseDeparture,
} from './api/licence-check';
import { EvidencePhoto } from '../../shared/self-drive/evidence-photo';
import { NO_SIGNAL_AFTER_MS } from './offline/crew-offline-state';
import {
  dismissLicence,
  flushLicences,
  licenceOnPhone,
  queueLicenceConfirm,
  queueLicenceRecord,
  type LicenceSender,
} from './offline/licence-queue';
import { readBytes } from './offline/photo-bytes';
import styles from './trips.module.css';

/** At the harbour: no answer within NO_SIGNAL_AFTER_MS is no signal (the licence waits on the phone). */
const harbourSender: LicenceSender = {
  upload: (bookingId, photo) =>
    uploadEvidencePhoto(bookingId, photo, AbortSignal.timeout(NO_SIGNAL_AFTER_MS * 3)),
  record: (bookingId, licence) =>
    sendLicenceRecord(bookingId, licence, AbortSignal.timeout(NO_SIGNAL_AFTER_MS)),
  confirm: (bookingId, confirmation) =>
    sendLicenceConfirm(bookingId, confirmation, AbortSignal.timeout(NO_SIGNAL_AFTER_MS)),
  current: (bookingId) => fetchStaffLicence(bookingId, AbortSignal.timeout(NO_SIGNAL_AFTER_MS)),
};

/** The licence waiting on the phone, as the manifest shows a recorded one. */
function asShown(queued: QueuedLicence, shown: SkipperLicence | null): SkipperLicence | null {
  const typed = queued.licence;
  const base: SkipperLicence | null = typed
    ? {
        skipperName: typed.skipperName,
        licenceType: typed.licenceType,
        licenceNumber: typed.licenceNumber,
        issuingCountry: typed.issuingCountry,
        photo: typed.photo.name ?? null,
        status: 'recorded',
        recordedBy: 'crew',
        recordedAt: typed.recordedAt,
        checkedAt: null,
        checkedBy: null,
        refusalReason: null,
      }
    : shown;
  if (!base || !queued.confirmedAt) return base;
  return { ...base, status: 'confirmed', checkedAt: queued.confirmedAt };
}

/** Why the server did not take what the phone sent, and what it holds instead. */
function ConflictNote({ queued, onDismiss }: { queued: QueuedLicence; onDismiss: () => void }) {
  const { t } = useTranslation('self-drive');
  const held = queued.answer?.licence ?? null;
  const when = (iso: string | null) => (iso ? canaryTimeLabel(iso) : '');
  const text =
    held?.status === 'refused'
      ? t('crew.offline.refused', {
          time: when(held.checkedAt),
          who: held.checkedBy ?? '',
          reason: held.refusalReason ?? '',
        })
      : held?.status === 'confirmed' && queued.problem !== 'licence_changed'
        ? t('crew.offline.confirmed', { time: when(held.checkedAt), who: held.checkedBy ?? '' })
        : queued.problem === 'licence_changed'
          ? t('crew.offline.changed')
          : queued.problem === 'licence_closed' || queued.problem === 'licence_not_recorded'
            ? t('crew.offline.closed')
            : t('crew.offline.other', { code: queued.problem ?? '' });
  return (
    <div role="alert" data-testid="licence-conflict">
      <p className={styles.facts}>{text}</p>
      {held && held.status !== 'refused' && <LicenceSummary licence={held} />}
      <button type="button" className={button.outline} onClick={onDismiss}>
        {t('crew.offline.dismiss')}
      </button>
    </div>
  );
}

export function LicenceCheck({
  bookingId,
  customerName = '',
  licence,
  terms,
  sender = harbourSender,
}: {
  bookingId: string;
  customerName?: string;
  licence: SkipperLicence | null;
  /** What the boat accepts (from the manifest, so the form works without signal). */
  terms?: { required: BoatLicence; foreignAccepted: boolean } | undefined;
  sender?: LicenceSender;
}) {
  const { t } = useTranslation('self-drive');
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'idle' | 'record' | 'refuse'>('idle');
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<'sent' | 'waiting' | null>(null);
  const [queued, setQueued] = useState<QueuedLicence | undefined>();
  const [version, setVersion] = useState(0);
  /** Photos taken in the form, by the name they stand under until sent. */
  const [taken] = useState(() => new Map<string, File>());
  const refuse = useRefuseDeparture(bookingId);
  useEffect(() => {
    let gone = false;
    void licenceOnPhone(bookingId)
      .then((item) => gone || setQueued(item))
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [bookingId, version, licence?.status, licence?.recordedAt]);

  const shown = queued?.state === 'waiting' ? asShown(queued, licence) : licence;
  const open = queued?.state !== 'conflict' && (!shown || shown.status === 'recorded');
  const photo = (name: string) => {
    // A photo taken on this phone waits with the licence: said, not shown.
    return taken.has(name) ? (
      <p className={styles.facts}>{t('condition.photosTaken', { count: 1 })}</p>
    ) : (
      <EvidencePhoto bookingId={bookingId} photo={name} alt={t('photoAlt')} />
    );
  };
  /** Keeps it on the phone, then tries to send it now (no signal: it waits for the sync). */
  const keepAndSend = async (keep: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    try {
      await keep();
      const { sent } = await flushLicences(sender);
      const mine = await licenceOnPhone(bookingId);
      setOutcome(mine ? (mine.state === 'waiting' ? 'waiting' : null) : sent > 0 ? 'sent' : null);
      if (!mine) await queryClient.invalidateQueries({ queryKey: ['trips'] });
    } catch {
      // Not even kept on the phone (its storage full or refused): say so.
      setFailed(true);
    } finally {
      setBusy(false);
      setVersion((v) => v + 1);
    }
  };

  return (
    <div className={styles.licence} data-testid="licence-check">
      {shown ? (
        <LicenceSummary licence={shown} renderPhoto={queued?.licence ? undefined : photo} />
      ) : (
        <p className={styles.facts}>{t('crew.noneYet')}</p>
      )}
      {queued?.state === 'waiting' && (
        <p className={styles.facts} data-testid="licence-queued">
          {t('crew.offline.waiting')}
        </p>
      )}
      {queued?.state === 'conflict' && (
        <ConflictNote
          queued={queued}
          onDismiss={() => void dismissLicence(bookingId).then(() => setVersion((v) => v + 1))}
        />
      )}
      <button
        type="button"
        className={button.outline}
        onClick={() => void downloadAgreement(bookingId).catch(() => setFailed(true))}
      >
        {t('agreement.download')}
      </button>
      {(refuse.isError || failed) && <Banner tone="error">{t('crew.failed')}</Banner>}
      {outcome === 'sent' && <Banner tone="success">{t('crew.offline.sent')}</Banner>}
      {open && mode === 'idle' && (
        <div className={styles.licenceActions}>
          {shown && (
            <button
              type="button"
              className={button.primary}
              disabled={busy}
              onClick={() =>
                void keepAndSend(() => queueLicenceConfirm(bookingId, customerName, shown.recordedAt))
              }
            >
              {t('crew.confirm')}
            </button>
          )}
          <button type="button" className={button.secondary} onClick={() => setMode('record')}>
            {shown ? t('crew.recordAgain') : t('crew.record')}
          </button>
          <button type="button" className={button.outline} onClick={() => setMode('refuse')}>
            {t('crew.refuse')}
          </button>
        </div>
      )}
      {open && mode === 'record' && terms && (
        <LicenceForm
          required={terms.required}
          foreignAccepted={terms.foreignAccepted}
          initial={shown}
          idPrefix={`licence-${bookingId}`}
          // The photo stays on the phone until the licence is sent: a name stands for it meanwhile.
          upload={async (file) => {
            const name = `evidence-${crypto.randomUUID()}`;
            taken.set(name, file);
            return name;
          }}
          renderPhoto={photo}
          onSave={async (values) => {
            const file = taken.get(values.photo);
            await keepAndSend(async () =>
              queueLicenceRecord(bookingId, customerName, {
                skipperName: values.skipperName.trim(),
                licenceType: values.licenceType,
                licenceNumber: values.licenceNumber.trim(),
                issuingCountry: values.issuingCountry.trim().toUpperCase(),
                photo: file
                  ? { type: file.type, bytes: await readBytes(file) }
                  : { type: '', bytes: new ArrayBuffer(0), name: values.photo },
                recordedAt: new Date().toISOString(),
              }),
            );
            setMode('idle');
          }}
        />
      )}
      {open && mode === 'refuse' && (
        <form
          className={styles.licenceActions}
          onSubmit={(event) => {
            event.preventDefault();
            refuse.mutate({ reason }, { onSuccess: () => setMode('idle') });
          }}
        >
          <label htmlFor={`refuse-${bookingId}`}>{t('crew.refuseReason')}</label>
          <textarea
            id={`refuse-${bookingId}`}
            value={reason}
            minLength={5}
            maxLength={300}
            required
            onChange={(event) => setReason(event.target.value)}
          />
          <p className={styles.facts}>{t('crew.refuseNote')}</p>
          <p className={styles.facts}>{t('crew.offline.refuseNeedsSignal')}</p>
          <button
            type="submit"
            className={button.danger}
            disabled={refuse.isPending || reason.trim().length < 5}
          >
            {t('crew.refuseConfirm')}
          </button>
          <button type="button" className={button.outline} onClick={() => setMode('idle')}>
            {t('crew.back')}
          </button>
        </form>
      )}
    </div>
  );
}
