// A success or failure message. Failures are alerts (read out at once); successes are polite.
import type { ReactNode } from 'react';
import styles from './banner.module.css';

export type BannerProps = { tone: 'success' | 'error' | 'info'; children: ReactNode; title?: ReactNode };

export function Banner({ tone, children, title }: BannerProps) {
  return (
    <div className={`${styles.banner} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className={styles.title}>{title}</p>}
      <div>{children}</div>
    </div>
  );
}
