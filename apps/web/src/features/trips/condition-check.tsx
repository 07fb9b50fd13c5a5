// A self-drive boat's condition on the manifest (docs/back-office.md#the-boats-condition-out-and-back):
// crew go through the owner's checklist at departure and at return, take photos, and the customer
// signs on the phone. Works without signal: the record stays on the phone and is sent with the
// next sync. Once both are in, the return is shown beside the departure, changes marked.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { canaryTimeLabel } from '@boats/domain/canary-time';
import type { ChecklistItem, ConditionValue } from '@boats/domain/condition-checklist';
import type { BookingCondition, ConditionPhase, ConditionReport } from '@boats/domain/schemas/condition';
import type { QueuedCondition } from '../../shared/offline/crew-offline-store';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { uploadEvidencePhoto } from './api/licence-check';
import { sendCondition } from './api/record-condition';
import { EvidencePhoto } from '../../shared/self-drive/evidence-photo';
import {
  conditionsOnPhone,
  flushConditions,
  queueCondition,
  type ConditionSender,
} from './offline/condition-queue';
import { NO_SIGNAL_AFTER_MS } from './offline/crew-offline-state';
import { readBytes } from './offline/photo-bytes';
import { SignaturePad } from './signature-pad';
import {
  ConditionComparison,
  SignatureImage,
  useItemLabel,
} from '../../shared/self-drive/condition-comparison';
import styles from './trips.module.css';

/** At the harbour: no answer within NO_SIGNAL_AFTER_MS is no signal (the record waits on the phone). */
const harbourSender: ConditionSender = {
  upload: (bookingId, photo) =>
    uploadEvidencePhoto(bookingId, photo, AbortSignal.timeout(NO_SIGNAL_AFTER_MS * 3)),
  send: (bookingId, phase, report) =>
    sendCondition(bookingId, phase, report, AbortSignal.timeout(NO_SIGNAL_AFTER_MS)),
};

const initialValue = (item: ChecklistItem): ConditionValue =>
  item.kind === 'level' ? 4 : item.kind === 'number' ? 0 : item.kind === 'present' ? true : '';

export function ConditionForm({
  bookingId,
  phase,
  checklist,
  customerName,
  before,
  sender = harbourSender,
  onDone,
}: {
  bookingId: string;
  phase: ConditionPhase;
  checklist: ChecklistItem[];
  customerName: string;
  /** The departure's answers, to start the return from. */
  before?: Record<string, ConditionValue> | undefined;
  sender?: ConditionSender;
  onDone: (outcome: 'sent' | 'waiting' | 'conflict') => void;
}) {
  const { t } = useTranslation('self-drive');
  const label = useItemLabel();
  const [values, setValues] = useState<Record<string, ConditionValue>>(() =>
    Object.fromEntries(checklist.map((item) => [item.key, before?.[item.key] ?? initialValue(item)])),
  );
  const [photos, setPhotos] = useState<File[]>([]);
  const [signedBy, setSignedBy] = useState(customerName);
  const [signature, setSignature] = useState('');
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const set = (key: string, value: ConditionValue) => setValues((all) => ({ ...all, [key]: value }));
  const signed = (signature.match(/L/g) ?? []).length >= 5 && signedBy.trim().length >= 2;
  const id = (name: string) => `condition-${bookingId}-${phase}-${name}`;

  return (
    <form
      className={styles.condition}
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        setFailed(false);
        void (async () => {
          const record = await queueCondition({
            bookingId,
            phase,
            customerName,
            values,
            signature,
            signedBy: signedBy.trim(),
            recordedAt: new Date().toISOString(),
            photos: await Promise.all(
              photos.map(async (file) => ({ type: file.type, bytes: await readBytes(file) })),
            ),
          });
          const { sent, conflicts } = await flushConditions(sender);
          const mine = (await conditionsOnPhone(bookingId)).find((c) => c.id === record.id);
          setSaving(false);
          onDone(
            conflicts > 0 && mine?.state === 'conflict' ? 'conflict' : sent > 0 && !mine ? 'sent' : 'waiting',
          );
        })().catch(() => {
          // Not even kept on the phone (its storage full or refused): nothing was saved, say so.
          setSaving(false);
          setFailed(true);
        });
      }}
    >
      <h4>{t(`condition.${phase}Title`)}</h4>
      {checklist.map((item) => {
        const value = values[item.key];
        return (
          <div key={item.key} className={styles.conditionItem}>
            {item.kind === 'present' ? (
              <label>
                <input
                  type="checkbox"
                  checked={value === true}
                  onChange={(event) => set(item.key, event.target.checked)}
                />{' '}
                {label(item)}
              </label>
            ) : (
              <>
                <label htmlFor={id(item.key)}>{label(item)}</label>
                {item.kind === 'level' ? (
                  <select
                    id={id(item.key)}
                    value={String(value)}
                    onChange={(event) => set(item.key, Number(event.target.value))}
                  >
                    {[0, 1, 2, 3, 4].map((level) => (
                      <option key={level} value={level}>
                        {t(`condition.level.${level}`)}
                      </option>
                    ))}
                  </select>
                ) : item.kind === 'number' ? (
                  <input
                    id={id(item.key)}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="0.1"
                    value={String(value)}
                    onChange={(event) => set(item.key, Number(event.target.value))}
                  />
                ) : (
                  <textarea
                    id={id(item.key)}
                    maxLength={1000}
                    value={String(value)}
                    onChange={(event) => set(item.key, event.target.value)}
                  />
                )}
              </>
            )}
          </div>
        );
      })}
      <label htmlFor={id('photos')}>{t('condition.photos')}</label>
      <input
        id={id('photos')}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        onChange={(event) => setPhotos([...photos, ...(event.target.files ? [...event.target.files] : [])])}
      />
      {photos.length > 0 && (
        <p className={styles.facts}>{t('condition.photosTaken', { count: photos.length })}</p>
      )}
      <label htmlFor={id('signedBy')}>{t('condition.signedBy')}</label>
      <input id={id('signedBy')} value={signedBy} onChange={(event) => setSignedBy(event.target.value)} />
      <p className={styles.facts}>{t('condition.signNote')}</p>
      <SignaturePad id={id('signature')} onChange={setSignature} />
      {failed && <Banner tone="error">{t('crew.failed')}</Banner>}
      <button type="submit" className={button.primary} disabled={!signed || saving} aria-busy={saving}>
        {saving ? t('condition.saving') : t('condition.save')}
      </button>
    </form>
  );
}

function ReportFacts({ bookingId, report }: { bookingId: string; report: ConditionReport }) {
  const { t } = useTranslation('self-drive');
  return (
    <div className={styles.reportFacts}>
      <p className={styles.facts}>
        {t('condition.signedAt', { name: report.signedBy, time: canaryTimeLabel(report.recordedAt) })}
      </p>
      <SignatureImage path={report.signature} label={t('condition.signatureOf', { name: report.signedBy })} />
      {report.photos.map((photo) => (
        <EvidencePhoto key={photo} bookingId={bookingId} photo={photo} alt={t('condition.photoAlt')} />
      ))}
    </div>
  );
}

export function ConditionCheck({
  bookingId,
  customerName,
  condition,
}: {
  bookingId: string;
  customerName: string;
  condition: BookingCondition;
}) {
  const { t } = useTranslation('self-drive');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<ConditionPhase | null>(null);
  const [onPhone, setOnPhone] = useState<QueuedCondition[]>([]);
  const [outcome, setOutcome] = useState<'sent' | 'waiting' | 'conflict' | null>(null);
  useEffect(() => {
    let gone = false;
    void conditionsOnPhone(bookingId)
      .then((list) => gone || setOnPhone(list))
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [bookingId, outcome]);
  const waiting = (phase: ConditionPhase) => onPhone.find((c) => c.phase === phase);
  const departureValues = condition.departure?.values ?? waiting('departure')?.values;
  const backValues = condition.return?.values ?? waiting('return')?.values;

  const phaseState = (phase: ConditionPhase) => {
    const report = condition[phase];
    const queued = waiting(phase);
    if (report) return <ReportFacts bookingId={bookingId} report={report} />;
    if (queued)
      return (
        <p className={styles.facts} data-testid={`condition-${phase}-queued`}>
          {queued.state === 'conflict'
            ? t('condition.conflict', { code: queued.problem ?? '' })
            : t('condition.waiting')}
        </p>
      );
    const ready = phase === 'departure' || departureValues !== undefined;
    return open === phase ? null : (
      <button type="button" className={button.secondary} disabled={!ready} onClick={() => setOpen(phase)}>
        {t(`condition.${phase}Action`)}
      </button>
    );
  };

  return (
    <div className={styles.licence} data-testid="condition-check">
      <p className={styles.facts}>
        <strong>{t('condition.departure')}</strong>
      </p>
      {phaseState('departure')}
      <p className={styles.facts}>
        <strong>{t('condition.return')}</strong>
      </p>
      {phaseState('return')}
      {outcome === 'sent' && <Banner tone="success">{t('condition.sent')}</Banner>}
      {outcome === 'waiting' && <Banner tone="info">{t('condition.waiting')}</Banner>}
      {outcome === 'conflict' && <Banner tone="error">{t('condition.refused')}</Banner>}
      {open && (
        <ConditionForm
          bookingId={bookingId}
          phase={open}
          checklist={condition.checklist}
          customerName={customerName}
          before={open === 'return' ? departureValues : undefined}
          onDone={(result) => {
            setOpen(null);
            setOutcome(result);
            if (result === 'sent') void queryClient.invalidateQueries({ queryKey: ['trips'] });
          }}
        />
      )}
      {departureValues && backValues && (
        <ConditionComparison checklist={condition.checklist} departure={departureValues} back={backValues} />
      )}
    </div>
  );
}
