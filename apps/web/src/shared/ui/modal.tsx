// An accessible modal on the native <dialog>: the browser traps focus, makes the rest of the
// page inert and gives focus back to the opener. `dismissible={false}` gives the spec's static
// backdrop: Escape and backdrop clicks do nothing (the booking and sign-in dialogs).
import { useEffect, useId, useRef, type ReactNode } from 'react';
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
