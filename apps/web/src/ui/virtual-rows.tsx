import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { cn } from './cn';

/**
 * Lists shorter than this render every row: all of them are then in the page for find-in-page,
 * screen readers and keyboard users, and there is nothing to gain. Longer lists render only the
 * rows in view (plus a margin), so a page of hundreds of rows costs what a page of thirty does.
 */
export const VIRTUALIZE_FROM = 50;
/** Rows rendered before the scroll area is measured. */
const INITIAL_ROWS = 20;

/** Rows rendered beyond each edge of the view, so Tab and short scrolls find the next row ready. */
const OVERSCAN = 10;

/** Spread onto each row's element: lets the list measure it and tells assistive technology where it is. */
export type VirtualRowProps = {
  ref?: (element: Element | null) => void;
  'data-index'?: number;
};

interface WindowedRows {
  /** The rows to render, by index, in order. */
  indexes: number[];
  /** Room kept for the rows before and after them, in pixels. */
  before: number;
  after: number;
  rowProps(index: number): VirtualRowProps;
}

function useWindowedRows(
  count: number,
  estimateSize: number,
  scrollRef: RefObject<HTMLElement | null>,
  gap = 0,
): WindowedRows {
  const enabled = count >= VIRTUALIZE_FROM;
  // The virtualizer keeps its state in a mutable instance; React Compiler leaves this hook alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: enabled ? count : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    overscan: OVERSCAN,
    gap,
    // Until the scroll area has been measured, assume it shows a screenful of rows. A scroll area sized by its
    // content (a max-height, not a height) would otherwise start with no rows, so at no height, and stay empty:
    // what happened to a long table on a phone, where its header row is hidden.
    initialRect: { width: 0, height: estimateSize * INITIAL_ROWS },
  });
  // A scroll element owned by a parent (a table's scroll area) gets its ref after this component's
  // layout effects, where the virtualizer looks for it: look again once everything is attached.
  useEffect(() => {
    if (enabled) virtualizer._willUpdate();
  });
  if (!enabled) {
    return {
      indexes: Array.from({ length: count }, (_, index) => index),
      before: 0,
      after: 0,
      rowProps: () => ({}),
    };
  }
  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1);
  return {
    indexes: rows.map((row) => row.index),
    before: rows[0]?.start ?? 0,
    after: last ? virtualizer.getTotalSize() - last.end : 0,
    rowProps: (index) => ({ ref: virtualizer.measureElement, 'data-index': index }),
  };
}

export interface VirtualListProps<T> {
  items: readonly T[];
  getKey(item: T): string;
  /** Renders one row: an `<li>` that spreads `rowProps` onto itself. */
  renderItem(
    item: T,
    rowProps: VirtualRowProps & { 'aria-posinset': number; 'aria-setsize': number },
  ): ReactNode;
  /** A typical row's height in pixels, before rows are measured. */
  estimateSize: number;
  /** The list's accessible name. */
  label: string;
  className?: string;
  /** Height the list scrolls within once it is long, e.g. 'max-h-[70vh]'. */
  scrollClassName?: string;
  /** Pixels between rows when `className` spaces them with a flex or grid gap. */
  gap?: number;
  busy?: boolean;
}

/**
 * A `<ul>` that renders only the rows in view once it is long. Rows keep list semantics and each
 * says its place (`aria-posinset` of `aria-setsize`), so a screen reader announces '12 of 300' even
 * when the rows around it are not rendered. The scroll area takes focus so arrow keys scroll it.
 */
export function VirtualList<T>({
  items,
  getKey,
  renderItem,
  estimateSize,
  label,
  className,
  scrollClassName = 'max-h-[70vh]',
  gap = 0,
  busy,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { indexes, before, after, rowProps } = useWindowedRows(items.length, estimateSize, scrollRef, gap);
  const long = items.length >= VIRTUALIZE_FROM;
  const list = (
    <ul
      aria-label={label}
      aria-busy={busy}
      className={className}
      style={long ? { paddingTop: before, paddingBottom: after } : undefined}
    >
      {indexes.map((index) => {
        const item = items[index]!;
        return (
          <Fragment key={getKey(item)}>
            {renderItem(item, {
              ...rowProps(index),
              'aria-posinset': index + 1,
              'aria-setsize': items.length,
            })}
          </Fragment>
        );
      })}
    </ul>
  );
  if (!long) return list;
  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label={label}
      className={cn('overflow-y-auto', scrollClassName)}
    >
      {list}
    </div>
  );
}

export interface VirtualTableBodyProps<T> {
  items: readonly T[];
  getKey(item: T): string;
  /** Renders one row: a `<tr>` that spreads `rowProps` onto itself. */
  renderRow(item: T, rowProps: VirtualRowProps & { 'aria-rowindex': number }): ReactNode;
  estimateSize: number;
  /** The element the table scrolls in (it needs a bounded height once the table is long). */
  scrollRef: RefObject<HTMLElement | null>;
  /** Columns, for the rows that keep the room of the rows not rendered. */
  columns: number;
}

/**
 * A `<tbody>` that renders only the rows in view once the table is long. Table semantics stay whole:
 * the room of the rows not rendered is kept by empty presentational rows, and each row carries its
 * `aria-rowindex` (the caller sets `aria-rowcount` on the table), header row counted as row 1.
 */
export function VirtualTableBody<T>({
  items,
  getKey,
  renderRow,
  estimateSize,
  scrollRef,
  columns,
}: VirtualTableBodyProps<T>) {
  const { indexes, before, after, rowProps } = useWindowedRows(items.length, estimateSize, scrollRef);
  return (
    <tbody>
      {before > 0 ? <SpacerRow height={before} columns={columns} /> : null}
      {indexes.map((index) => {
        const item = items[index]!;
        return (
          <Fragment key={getKey(item)}>
            {renderRow(item, { ...rowProps(index), 'aria-rowindex': index + 2 })}
          </Fragment>
        );
      })}
      {after > 0 ? <SpacerRow height={after} columns={columns} /> : null}
    </tbody>
  );
}

function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" role="presentation">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
