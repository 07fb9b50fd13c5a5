// The boat's calendar feed: a secret URL to subscribe to from a phone calendar, and a new one
// when the old one leaked (the old URL stops working at once).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarFeed, useRotateCalendarFeed } from './api/calendar-feed';
import styles from './schedule.module.css';
import button from '../../shared/ui/button.module.css';
import field from '../../shared/ui/form-field.module.css';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { languageName } from '@boats/domain/languages';
import { currentLanguage } from '../../shared/i18n/i18n';

export function CalendarFeedPanel({ boatId }: { boatId: string }) {
  const { t } = useTranslation('schedule');
  const errorText = useAdminErrorText();
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(boatId, shown);
  const rotate = useRotateCalendarFeed(boatId);
  if (!shown) {
    return (
      <button type="button" className={button.outline} onClick={() => setShown(true)}>
        {t('feed.show')}
      </button>
    );
  }
  return (
    <div className={styles.form}>
      {feed.isError && <p role="alert">{errorText(feed.error)}</p>}
      {feed.data && (
        <label className={field.field}>
          <span className={field.label}>{t('feed.url')}</span>
          <input
            readOnly
            className={field.control}
            value={feed.data.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <small className={field.hint}>{t('feed.hint')}</small>
          <small className={field.hint}>
            {t('feed.language', { language: languageName(currentLanguage()) })}
          </small>
        </label>
      )}
      <button
        type="button"
        className={button.outline}
        disabled={rotate.isPending}
        onClick={() => {
          if (window.confirm(t('feed.confirmRotate'))) rotate.mutate();
        }}
      >
        {t('feed.rotate')}
      </button>
      {rotate.isSuccess && <p role="status">{t('feed.rotated')}</p>}
      {rotate.isError && <p role="alert">{errorText(rotate.error)}</p>}
    </div>
  );
}
