// White cards: a tile (a figure with its label), the empty state of a list. Table rows become
// cards on phones through the same stylesheet (see table.tsx).
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './card.module.css';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={className ? `${styles.card} ${className}` : styles.card} {...rest} />;
}

/** What a list shows when nothing matches. */
export function EmptyCard({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
