import { Button } from '../../ui/button';

export interface PagerProps {
  offset: number;
  pageSize: number;
  total: number;
  onOffsetChange(offset: number): void;
}

/** Previous / next paging with where the reader is; hidden when everything fits on one page. */
export function Pager({ offset, pageSize, total, onOffsetChange }: PagerProps) {
  if (total <= pageSize && offset === 0) return null;
  const page = Math.floor(offset / pageSize) + 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        disabled={offset === 0}
        onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
      >
        Previous
      </Button>
      <p className="text-sm text-ink-muted" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button
        variant="secondary"
        disabled={offset + pageSize >= total}
        onClick={() => onOffsetChange(offset + pageSize)}
      >
        Next
      </Button>
    </nav>
  );
}
