import { Button } from './button';

export interface PagerProps {
  /** Names the navigation landmark, e.g. 'Users pages'; a page may hold more than one pager. */
  label: string;
  offset: number;
  pageSize: number;
  total: number;
  onOffsetChange(offset: number): void;
  /** A page is on its way: the buttons wait for it rather than skipping past it. */
  busy?: boolean;
}

/** 'Showing 21–40 of 45' for a page of a list (an empty list shows nothing). */
export function shownRange(offset: number, pageSize: number, total: number): string {
  if (total === 0) return '';
  return `Showing ${Math.min(offset + 1, total)}–${Math.min(offset + pageSize, total)} of ${total}`;
}

/**
 * Previous / next paging for every paged list, with where the reader is announced politely. The
 * buttons appear only when the list does not fit on one page.
 */
export function Pager({ label, offset, pageSize, total, onOffsetChange, busy = false }: PagerProps) {
  const paged = total > pageSize || offset > 0;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-ink-muted" aria-live="polite">
        {shownRange(offset, pageSize, total)}
      </p>
      {paged ? (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={offset === 0 || busy}
            onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
          >
            Previous page
          </Button>
          <Button
            variant="secondary"
            disabled={offset + pageSize >= total || busy}
            onClick={() => onOffsetChange(offset + pageSize)}
          >
            Next page
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
