// Boat descriptions may hold HTML (spec: "description"); it is sanitised before it reaches
// the DOM, so a stored <img onerror> or <script> is harmless here as on the public pages.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './boat-form.module.css';

function sanitise(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  // An image the description does not describe is decoration for screen readers.
  template.content.querySelectorAll('img:not([alt])').forEach((img) => img.setAttribute('alt', ''));
  return template.innerHTML;
}

export function DescriptionPreview({ html }: { html: string }) {
  const { t } = useTranslation('admin');
  const clean = useMemo(() => sanitise(html), [html]);
  if (!html.trim()) return null;
  return (
    <div className={styles.preview}>
      <p className={styles.previewLabel}>{t('editor.preview')}</p>
      <div data-testid="description-preview" dangerouslySetInnerHTML={{ __html: clean }} />
    </div>
  );
}
