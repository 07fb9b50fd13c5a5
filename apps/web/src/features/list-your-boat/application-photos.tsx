// The application's photos: chosen from the phone or the computer, sent one by one through the
// server's upload checks as soon as they are picked, shown as thumbnails that can be removed.
// The page is told while photos are going up, so the application is not sent without them.
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_MAX_PHOTOS } from '@boats/domain/schemas/owner-application';
import { ApiError, errorText } from '../../shared/api/http';
import { BoatPhoto } from '../../shared/ui/boat-photo';
import button from '../../shared/ui/button.module.css';
import { uploadApplicationPhoto } from './send-application';
import styles from './list-your-boat.module.css';

export function ApplicationPhotos({
  photos,
  onChange,
  onUploading,
}: {
  photos: string[];
  onChange: (photos: string[]) => void;
  onUploading: (uploading: boolean) => void;
}) {
  const { t } = useTranslation('list-your-boat');
  const [busy, setBusyState] = useState(false);
  const setBusy = (value: boolean) => {
    setBusyState(value);
    onUploading(value);
  };
  const [failures, setFailures] = useState<string[]>([]);

  const failureText = (err: unknown) => {
    if (!(err instanceof ApiError)) return errorText(err);
    if (err.status === 413) return t('photos.tooLarge');
    if (err.status === 429) return t('photos.tooMany');
    if (err.status === 400) return t('photos.notPhoto');
    return errorText(err);
  };

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    setFailures([]);
    setBusy(true);
    // The files go up one after the other, each added to the list as it stands by then (the
    // picker is disabled meanwhile, so nothing else changes it).
    let current = photos;
    try {
      for (const file of files) {
        if (current.length >= APPLICATION_MAX_PHOTOS) {
          setFailures((list) => [...list, t('photos.limit', { count: APPLICATION_MAX_PHOTOS })]);
          break;
        }
        try {
          const url = await uploadApplicationPhoto(file);
          current = [...current, url];
          onChange(current);
        } catch (err) {
          setFailures((list) => [...list, `${file.name}: ${failureText(err)}`]);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('photos.legend')}</legend>
      <p className={styles.hint}>{t('photos.hint', { count: APPLICATION_MAX_PHOTOS })}</p>
      {photos.length > 0 && (
        <ol className={styles.photos} aria-label={t('photos.listLabel')}>
          {photos.map((url, index) => (
            <li key={url} className={styles.photo}>
              <BoatPhoto url={url} alt={t('photos.alt', { n: index + 1 })} sizes="120px" />
              <button
                type="button"
                className={button.light}
                onClick={() => onChange(photos.filter((p) => p !== url))}
              >
                {t('photos.remove', { n: index + 1 })}
              </button>
            </li>
          ))}
        </ol>
      )}
      {photos.length < APPLICATION_MAX_PHOTOS && (
        <label className={`${button.secondary} ${styles.pick}`} aria-busy={busy}>
          {busy ? t('photos.uploading') : t('photos.add')}
          <input
            type="file"
            accept="image/*"
            multiple
            className={styles.fileInput}
            onChange={(event) => void add(event)}
            disabled={busy}
          />
        </label>
      )}
      <div aria-live="polite">
        {failures.map((f) => (
          <p key={f} className={styles.error}>
            {f}
          </p>
        ))}
      </div>
    </fieldset>
  );
}
