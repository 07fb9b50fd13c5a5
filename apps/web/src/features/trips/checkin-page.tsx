// Check-in at the gangway: the camera reads a ticket's or a charter pass's QR code, or the crew
// types the code. Each answer stays on screen until "Scan next", so the same code in front of
// the camera is not sent again and again; scanning it again on purpose answers "already".
import { useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { CheckinResponse } from '@boats/domain/schemas/trips';
import { AdminLayout } from '../../shared/admin/admin-layout';
import { ApiError } from '../../shared/api/http';
import { useCheckIn } from './api/check-in';
import { CheckinResult } from './checkin-result';
import { useQrScanner } from './use-qr-scanner';
import styles from './checkin.module.css';

export default function CheckinPage() {
  const { t } = useTranslation('trips');
  const [params] = useSearchParams();
  const slotId = params.get('trip') ?? undefined;
  const video = useRef<HTMLVideoElement>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [answer, setAnswer] = useState<CheckinResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const checkIn = useCheckIn();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const send = useCallback(
    (code: string) => {
      setProblem(null);
      checkIn.mutate(
        { code, slotId },
        {
          onSuccess: (result) => setAnswer(result),
          onError: (err) =>
            setProblem(err instanceof ApiError && err.status === 404 ? t('checkin.unknown', { code }) : err.message),
        },
      );
    },
    [checkIn, slotId, t],
  );

  const waiting = answer === null && problem === null && !checkIn.isPending;
  const scanner = useQrScanner(video, cameraOn && waiting, send);
  const next = () => {
    setAnswer(null);
    setProblem(null);
    form.reset();
  };

  return (
    <AdminLayout title={t('checkin.title')} access="staff">
      <p>
        <Link to={slotId ? `/admin/trips/${slotId}` : '/admin/trips'}>
          {slotId ? t('checkin.backToManifest') : t('manifest.back')}
        </Link>
      </p>
      <section className={styles.camera} aria-label={t('checkin.camera')}>
        <video ref={video} className={styles.video} muted playsInline hidden={!cameraOn} />
        {!cameraOn && (
          <button type="button" className={styles.primary} onClick={() => setCameraOn(true)}>
            {t('checkin.startCamera')}
          </button>
        )}
        {cameraOn && scanner === 'scanning' && waiting && <p role="status">{t('checkin.pointCamera')}</p>}
        {cameraOn && scanner === 'starting' && <p role="status">{t('checkin.starting')}</p>}
        {scanner === 'unavailable' && <p role="alert">{t('checkin.noCamera')}</p>}
      </section>

      {answer && <CheckinResult answer={answer} />}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {(answer || problem) && (
        <button type="button" className={styles.primary} onClick={next}>
          {t('checkin.next')}
        </button>
      )}

      <form
        className={styles.typed}
        noValidate
        onSubmit={form.handleSubmit(({ code }) => {
          const trimmed = code.trim();
          if (trimmed) send(trimmed);
        })}
      >
        <label htmlFor="checkin-code">{t('checkin.typeCode')}</label>
        <input
          id="checkin-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="TF-XXXX-XXXX-XX"
          {...form.register('code')}
        />
        <button type="submit" className={styles.primary} disabled={checkIn.isPending}>
          {t('checkin.submit')}
        </button>
      </form>
    </AdminLayout>
  );
}
