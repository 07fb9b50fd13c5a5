// The boat's photos: add from the computer (choose or drag and drop) or the phone's camera,
// put them in order (the first is the card's photo) and remove them. Files go to the server one
// by one; it checks them, resizes them and answers their URL.
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Banner } from '../../shared/ui/banner';
import { BoatPhoto } from '../../shared/ui/boat-photo';
import button from '../../shared/ui/button.module.css';
import { useUploadPhoto } from './api/upload-photo';
import styles from './photo-uploader.module.css';

export type PhotoUploaderProps = { images: string[]; onChange: (images: string[]) => void };

export function PhotoUploader({ images, onChange }: PhotoUploaderProps) {
  const { t } = useTranslation('admin');
  const upload = useUploadPhoto();
  const errorText = useAdminErrorText();
  const [failures, setFailures] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  // Several files arrive one after the other: each adds to the list as it stands by then.
  const latest = useRef(images);
  latest.current = images;

  const add = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setFailures([]);
    for (const file of Array.from(files)) {
      // A file that says it is no image (a PDF dropped by mistake) is refused at once; one with
      // no type (HEIC on some browsers) goes up, and the server checks every file's content
      // (and names an iPhone HEIC it cannot read, with the way out).
      if (file.type !== '' && !file.type.startsWith('image/')) {
        setFailures((list) => [...list, `${file.name}: ${t('serverErrors.photo_not_image')}`]);
        continue;
      }
      try {
        const url = await upload.mutateAsync(file);
        latest.current = [...latest.current, url];
        onChange(latest.current);
      } catch (err) {
        setFailures((list) => [...list, `${file.name}: ${errorText(err)}`]);
      }
    }
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    void add(event.target.files);
    event.target.value = '';
  };
  const move = (from: number, to: number) => {
    const next = [...images];
    const [photo] = next.splice(from, 1);
    if (photo === undefined) return;
    next.splice(to, 0, photo);
    onChange(next);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void add(event.dataTransfer.files);
  };

  return (
    <div className={styles.uploader}>
      {images.length > 0 && (
        <ol className={styles.photos} aria-label={t('photos.listLabel')}>
          {images.map((url, index) => (
            <li key={`${url}-${index}`} className={styles.photo}>
              <BoatPhoto
                url={url}
                alt={t('photos.photoAlt', { n: index + 1 })}
                sizes="160px"
                className={styles.thumb}
              />
              <div className={styles.photoActions}>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('photos.moveEarlier', { n: index + 1 })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ←
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('photos.moveLater', { n: index + 1 })}
                  disabled={index === images.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  →
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('photos.remove', { n: index + 1 })}
                  onClick={() => onChange(images.filter((_, i) => i !== index))}
                >
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}

      <div
        className={dragging ? `${styles.drop} ${styles.dragging}` : styles.drop}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p role="status">{upload.isPending ? t('photos.uploading') : t('photos.dropHere')}</p>
        <div className={styles.pickers}>
          <label className={button.outline}>
            {t('photos.choose')}
            <input type="file" accept="image/*" multiple className={styles.hiddenInput} onChange={onPick} />
          </label>
          <label className={`${button.outline} ${styles.cameraOnly}`}>
            {t('photos.camera')}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className={styles.hiddenInput}
              onChange={onPick}
            />
          </label>
        </div>
      </div>
      {failures.length > 0 && (
        <Banner tone="error" title={t('photos.failed')}>
          <ul>
            {failures.map((failure) => (
              <li key={failure}>{failure}</li>
            ))}
          </ul>
        </Banner>
      )}
    </div>
  );
}
