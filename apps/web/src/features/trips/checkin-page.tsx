// Check-in at the gangway: the camera reads a ticket's or a charter pass's QR code, or the crew
// types the code. Each answer stays on screen until "Scan next", so the same code in front of
// the camera is not sent again and again; scanning it again on purpose answers "already".
// Without signal (no answer within NO_SIGNAL_AFTER_MS) a crew member's phone answers from its
// saved manifests and records the check-in to send later (offline/checkin-queue.ts).
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { checkinRequestSchema, type CheckinResponse } from '@boats/domain/schemas/trips';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { ApiError } from '../../shared/api/http';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { useCheckIn } from './api/check-in';
import { CheckinResult } from './checkin-result';
import { recordOfflineCheckin, type OfflineCheckinAnswer as OfflineAnswer } from './offline/checkin-queue';
import { crewOffline, isNoSignal } from './offline/crew-offline-state';
import { CrewOfflineStatus, OfflineCheckinAnswer, OfflineCheckins } from './offline/offline-views';
import { useCrewOffline } from './offline/use-crew-offline';
import { useQrScanner } from './use-qr-scanner';
import styles from './checkin.module.css';
import button from '../../shared/ui/button.module.css';
import { paths } from '../../shared/paths';

export default function CheckinPage() {
  const { t } = useTranslation('trips');
  return (
    <AdminLayout title={t('checkin.title')} access="staff">
      <Checkin />
    </AdminLayout>
  );
}

function Checkin() {
  const { t } = useTranslation('trips');
  const [params] = useSearchParams();
  const slotId = params.get('trip') ?? undefined;
  const [cameraOn, setCameraOn] = useState(false);
  const [answer, setAnswer] = useState<CheckinResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [offlineAnswer, setOfflineAnswer] = useState<OfflineAnswer | null>(null);
  const checkIn = useCheckIn();
  const errorText = useAdminErrorText();
  const offline = useCrewOffline();
  const crew = offline.crew;
  const form = useZodForm(checkinRequestSchema, { defaultValues: { code: '' } });

  const send = useCallback(
    (code: string) => {
      setProblem(null);
      // The time of the scan, which the server boards at (and a resend repeats).
      const scannedAt = new Date();
      const recordHere = () => {
        crewOffline.markOffline();
        recordOfflineCheckin(code, slotId, scannedAt)
          .then(setOfflineAnswer)
          .catch((err: unknown) => setProblem(errorText(err)));
      };
      if (crew && !navigator.onLine) return recordHere();
      checkIn.mutate(
        { code, slotId, scannedAt: scannedAt.toISOString() },
        {
          onSuccess: (result) => {
            crewOffline.markOnline();
            setAnswer(result);
          },
          onError: (err) => {
            if (crew && isNoSignal(err)) return recordHere();
            setProblem(
              err instanceof ApiError && err.status === 404 ? t('checkin.unknown', { code }) : errorText(err),
            );
          },
        },
      );
    },
    [checkIn, slotId, t, crew, errorText],
  );

  const waiting = answer === null && problem === null && offlineAnswer === null && !checkIn.isPending;
  const { state: scanner, videoRef: video } = useQrScanner(cameraOn && waiting, send);
  const next = () => {
    setAnswer(null);
    setProblem(null);
    setOfflineAnswer(null);
    form.reset();
  };

  return (
    <>
      <p>
        <Link to={slotId ? paths.admin.trip.getHref(slotId) : paths.admin.trips.getHref()}>
          {slotId ? t('checkin.backToManifest') : t('manifest.back')}
        </Link>
      </p>
      {crew && <CrewOfflineStatus state={offline} />}
      <section className={styles.camera} aria-label={t('checkin.camera')}>
        <video ref={video} className={styles.video} muted playsInline hidden={!cameraOn || !waiting} />
        {!cameraOn && (
          <button
            type="button"
            className={`${button.secondary} ${styles.wide}`}
            onClick={() => setCameraOn(true)}
          >
            {t('checkin.startCamera')}
          </button>
        )}
        {cameraOn && scanner === 'scanning' && waiting && <p role="status">{t('checkin.pointCamera')}</p>}
        {cameraOn && scanner === 'starting' && <p role="status">{t('checkin.starting')}</p>}
        {scanner === 'unavailable' && <p role="alert">{t('checkin.noCamera')}</p>}
      </section>

      {answer && <CheckinResult answer={answer} />}
      {offlineAnswer && <OfflineCheckinAnswer answer={offlineAnswer} checkins={offline.checkins} />}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {(answer || problem || offlineAnswer) && (
        <button type="button" className={`${button.secondary} ${styles.wide}`} onClick={next}>
          {t('checkin.next')}
        </button>
      )}

      <Form form={form} className={styles.typed} onSubmit={({ code }) => send(code)}>
        <FormField
          name="code"
          label={t('checkin.typeCode')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="TF-XXXX-XXXX-XX"
        />
        <button type="submit" className={`${button.secondary} ${styles.wide}`} disabled={checkIn.isPending}>
          {t('checkin.submit')}
        </button>
      </Form>
      {crew && <OfflineCheckins checkins={offline.checkins} />}
    </>
  );
}
