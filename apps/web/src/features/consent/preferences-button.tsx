// The cookie/preferences button fixed at the bottom-left (docs/product.md §2). Its dialog is
// split out and fetched the first time it opens: the landing page shows the button on every
// visit and the dialog on few, and the landing route's scripts have a size budget.
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreferencesSaved } from './preferences-modal';
import { useStepAside } from '../../shared/ui/use-step-aside';
import styles from './preferences-button.module.css';

const PreferencesModal = lazy(() =>
  import('./preferences-modal').then((m) => ({ default: m.PreferencesModal })),
);

export function PreferencesButton({ onSaved }: { onSaved?: (saved: PreferencesSaved) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Drawn from its first opening on, then kept (closed) like any other dialog.
  const [requested, setRequested] = useState(false);
  // It steps aside over the contact form's consent text and the footer's links.
  const button = useRef<HTMLButtonElement>(null);
  const aside = useStepAside(button);
  if (open && !requested) setRequested(true);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.button}
        data-aside={aside || undefined}
        aria-haspopup="dialog"
        aria-label={t('prefs.open')}
        title={t('prefs.open')}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 10 10 4 4 0 0 1-5-5 4 4 0 0 1-5-5Zm-3.5 7a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm2 6a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm5 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"
          />
        </svg>
      </button>
      {requested && (
        <Suspense fallback={null}>
          <PreferencesModal open={open} onClose={() => setOpen(false)} onSaved={onSaved} />
        </Suspense>
      )}
    </>
  );
}
