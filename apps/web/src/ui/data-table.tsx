import { useRef } from 'react';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { Skeleton } from './skeleton';
import { VIRTUALIZE_FROM, VirtualTableBody } from './virtual-rows';

export interface DataTableColumn<T> {
  id: string;
  /** The column's name: the header on a wide screen, the label beside the value on a phone. */
  header: string;
  /**
   * The cell's content. It is called while the table renders, so it returns elements and uses no hooks itself; state
   * a row's cells share (a pending change, an open dialog) belongs in a component given by `wrapRow`.
   */
  cell(item: T): ReactNode;
  /** The cell that names the row (`<th scope="row">`): the card's title on a phone, shown without a label. */
  rowHeader?: boolean;
  /**
   * The row's controls: the header is only read to assistive technology (the buttons name themselves), the cell
   * ends the row on a wide screen and the card on a phone.
   */
  actions?: boolean;
  /** Takes the card's whole width on a phone (controls, long values); otherwise two cells share a line. */
  wide?: boolean;
  /** Extra classes for the cell (e.g. 'whitespace-nowrap', 'break-all'). */
  className?: string;
}

export interface DataTableProps<T> {
  /** The scroll area's accessible name, e.g. 'Users table'. */
  label: string;
  /** The table's caption, read to assistive technology, e.g. 'Users, newest first'. */
  caption: string;
  columns: readonly DataTableColumn<T>[];
  items: readonly T[];
  getKey(item: T): string;
  /** A typical row's height in pixels on a wide screen, before rows are measured (long tables render rows in view). */
  estimateSize: number;
  /**
   * Wraps each row in a component of the caller's, so the row's cells can share its state through a context (that
   * component renders no element of its own; it must be a stable component type, or rows would remount).
   */
  wrapRow?(item: T, row: ReactNode): ReactNode;
  /** Shown under the header when there are no items: what to do next. */
  empty?: ReactNode;
  /** Set while a newer page or search is on its way. */
  busy?: boolean;
  /** The width below which a wide screen's table would squeeze its columns; from `md` up it scrolls instead. */
  minWidthClassName?: string;
}

/**
 * A table on a wide screen that becomes a list of cards on a phone (below Tailwind's `md`, 768 px): there each row is
 * a card, titled by its row header, with every other column's name beside its value and the row's actions at its
 * foot, so nothing is off screen at 375 px and nothing scrolls sideways. The cards keep the table's elements (the
 * column names are text that is shown only on a phone, and `display: none` on a wide screen takes them out of what
 * assistive technology reads there, where the column headers do the same job).
 *
 * Long tables (VIRTUALIZE_FROM rows or more) render only the rows in view and scroll within their own area.
 */
export function DataTable<T>({
  label,
  caption,
  columns,
  items,
  getKey,
  estimateSize,
  wrapRow = (_item, row) => row,
  empty,
  busy,
  minWidthClassName = 'md:min-w-[720px]',
}: DataTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const long = items.length >= VIRTUALIZE_FROM;
  return (
    // Positioned so the visually hidden texts inside scroll with the table instead of widening the page.
    <div
      ref={scrollRef}
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={0}
      className={cn(
        'relative rounded-lg border border-line bg-surface px-4',
        long ? 'max-h-[75vh] overflow-auto' : 'md:overflow-x-auto',
      )}
    >
      <table
        className={cn(
          'w-full text-left max-md:block max-md:[&>tbody]:block max-md:[&>thead]:hidden',
          minWidthClassName,
        )}
        aria-rowcount={items.length + 1}
      >
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-sm text-ink-muted" aria-rowindex={1}>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn('py-3 font-medium', column.actions ? 'text-right' : 'pr-4')}
              >
                {column.actions ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <VirtualTableBody
          items={items}
          getKey={getKey}
          estimateSize={estimateSize}
          scrollRef={scrollRef}
          columns={columns.length}
          renderRow={(item, rowProps) =>
            wrapRow(
              item,
              <tr
                {...rowProps}
                className="border-t border-line align-middle max-md:grid max-md:first:border-t-0 max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:py-4"
              >
                {columns.map((column) => (
                  <Cell key={column.id} column={column} item={item} />
                ))}
              </tr>,
            )
          }
        />
      </table>
      {items.length === 0 && empty ? (
        <div className="py-6 text-center text-sm text-ink-muted">{empty}</div>
      ) : null}
    </div>
  );
}

function Cell<T>({ column, item }: { column: DataTableColumn<T>; item: T }) {
  const content = column.cell(item);
  const span = column.rowHeader || column.actions || column.wide ? 'max-md:col-span-2' : undefined;
  if (column.rowHeader) {
    return (
      <th
        scope="row"
        className={cn('py-3 text-left font-normal max-md:py-0 md:pr-4', span, column.className)}
      >
        {content}
      </th>
    );
  }
  return (
    <td
      className={cn(
        'py-3 text-sm max-md:min-w-0 max-md:py-0',
        // On a phone the card's grid gap spaces the cells; the padding would only narrow the controls.
        column.actions ? 'text-right max-md:text-left' : 'md:pr-4',
        span,
        column.className,
      )}
    >
      {column.actions ? null : (
        <span className="mb-1 block text-xs font-medium text-ink-muted md:hidden">{column.header}</span>
      )}
      {content}
    </td>
  );
}

/**
 * The table's shape while its first page loads: the header and a few rows of grey bars on a wide screen, cards of
 * bars on a phone, announced once by its label.
 */
export function DataTableSkeleton({
  label,
  columns,
  rows = 5,
}: {
  label: string;
  /** The column names, so the header the user sees first is the one that stays. */
  columns: readonly string[];
  rows?: number;
}) {
  // The name column is wider, as in the table; the phone's cards stack the bars two to a line.
  const grid = { ['--cols' as string]: `2fr repeat(${Math.max(columns.length - 1, 1)}, 1fr)` };
  return (
    <div role="status" className="rounded-lg border border-line bg-surface px-4">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true">
        <div
          className="hidden gap-4 py-3 text-sm font-medium text-ink-muted md:grid md:[grid-template-columns:var(--cols)]"
          style={grid}
        >
          {columns.map((column, index) => (
            <span key={index}>{column}</span>
          ))}
        </div>
        <div className="divide-y divide-line md:border-t md:border-line">
          {Array.from({ length: rows }, (_, row) => (
            <div
              key={row}
              className="grid grid-cols-2 gap-x-4 gap-y-3 py-4 md:items-center md:gap-4 md:[grid-template-columns:var(--cols)]"
              style={grid}
            >
              <div className="col-span-2 flex items-center gap-3 md:col-span-1">
                <div className="size-9 shrink-0 animate-pulse rounded-full bg-line/70" />
                <div className="flex-1">
                  <Skeleton className="h-4 w-3/5" />
                  <Skeleton className="mt-2 h-3 w-4/5" />
                </div>
              </div>
              {columns.slice(1).map((_, index) => (
                <Skeleton key={index} className="h-4 w-3/4" />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
