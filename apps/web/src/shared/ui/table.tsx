// The data table of the back office. Every cell carries its column's label, so on phones each
// row becomes a card with the label beside the value (card.module.css) and nothing scrolls
// sideways. Sortable columns say their order to screen readers (aria-sort).
import type { CSSProperties, HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';
import { buttonClass } from './button';
import card from './card.module.css';
import styles from './table.module.css';

export type TableProps = HTMLAttributes<HTMLTableElement> & {
  /** The table is being refreshed: shown dimmed and aria-busy. */
  busy?: boolean;
  /** Rows become cards on phones (default). A small table inside a dialog stays a table. */
  cards?: boolean;
  /** Width of the labels on the phone cards (default 7em). */
  cardLabelWidth?: string;
  children: ReactNode;
};

export function Table({ busy, cards = true, cardLabelWidth, className, children, ...rest }: TableProps) {
  const frameStyle = cardLabelWidth ? ({ '--card-label-width': cardLabelWidth } as CSSProperties) : undefined;
  return (
    <div
      className={cards ? `${styles.frame} ${card.rowFrame}` : styles.plain}
      aria-busy={busy || undefined}
      style={frameStyle}
    >
      <table
        className={[styles.table, cards ? card.rows : '', className].filter(Boolean).join(' ')}
        {...rest}
      >
        {children}
      </table>
    </div>
  );
}

export type CellProps = TdHTMLAttributes<HTMLTableCellElement> & {
  /** The column's name, shown beside the value on a phone card. */
  label: string;
  /** Left out of the phone cards (a detail the full view keeps). */
  wideOnly?: boolean;
  nowrap?: boolean;
};

export function Cell({ label, wideOnly, nowrap, className, ...rest }: CellProps) {
  const classes = [wideOnly ? card.wideOnly : '', nowrap ? styles.nowrap : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <td data-label={label} className={classes || undefined} {...rest} />;
}

/** A row that opens its details on click; its own buttons remain the keyboard's way in. */
export function ClickableRow({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={className ? `${styles.clickable} ${className}` : styles.clickable} {...rest} />;
}

export type SortHeaderProps = {
  label: string;
  /** This column's order when the list is sorted by it. */
  order: 'ascending' | 'descending' | undefined;
  onSort: () => void;
};

/** A column header that sorts by its column; a second press reverses the order. */
export function SortHeader({ label, order, onSort }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={order}>
      <button type="button" className={buttonClass({ variant: 'link' }, styles.sort)} onClick={onSort}>
        {label}
        <span aria-hidden="true">{order === 'ascending' ? ' ▲' : order === 'descending' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}
