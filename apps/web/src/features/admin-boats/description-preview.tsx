// Boat descriptions may hold HTML (spec: "description"); it is sanitised before it reaches
// the DOM by the same rule as on the public pages, so a stored <img onerror> or <script> is harmless.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeRichText } from '../../shared/html/sanitize-rich-text';
import styles from './boat-form.module.css';

export function DescriptionPreview({ html }: { html: string }) {
  const { t } = useTranslation('admin');
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  if (!html.trim()) return null;
  return (
    <div className={styles.preview}>
      <p className={styles.previewLabel}>{t('editor.preview')}</p>
      <div data-testid="description-preview" dangerouslySetInnerHTML={{ __html: clean }} />
    </div>
  );
}
