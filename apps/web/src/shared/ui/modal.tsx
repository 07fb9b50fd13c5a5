// The dialog primitive: an accessible modal on the native <dialog>. The browser makes the rest of
// the page inert and gives focus back to the opener; Tab and Shift+Tab also cycle inside it here,
// so focus never reaches the browser's own controls. `dismissible={false}` gives the spec's
// static backdrop: Escape and backdrop clicks do nothing (the booking and sign-in dialogs).
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './modal.module.css';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Escape and backdrop clicks close it (default true). */
  dismissible?: boolean;
  size?: 'small' | 'medium' | 'large';
  /** Label of the close button; pass a translated text. */
  closeLabel: string;
  id?: string;
  footer?: ReactNode;
};

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function Modal({
  open,
  onClose,
  title,
  children,
  dismissible = true,
  size = 'medium',
  closeLabel,
  id,
  footer,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // The page behind does not scroll while a modal is open.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here, and the browser's own cancel prevented, so it closes exactly once.
      event.preventDefault();
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    const dialog = ref.current;
    if (event.key !== 'Tab' || !dialog) return;
    event.stopPropagation();
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      id={id}
      className={`${styles.dialog} ${styles[size]}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (dismissible && event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className={styles.panel}>
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
              ×
            </button>
          </header>
          <div className={styles.body}>{children}</div>
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}

/** The row of buttons that ends a dialog's content (the action first, then the way back). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
