// A state as a small coloured word. The tone says how it reads (waiting, fine, stopped...); the
// feature decides which state gets which tone and passes the translated word.
import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'warning' | 'info' | 'success' | 'done' | 'danger' | 'accent';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
