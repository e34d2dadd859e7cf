import { COMPARE_TEXTS } from '@casting/domain';
import type { ApplicantListItem } from '@casting/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { initialsOf } from '../../lib/format/initials';
import { cn } from '../../ui/cn';
import { VIRTUALIZE_FROM } from '../../ui/virtual-rows';
import { Votes } from './candidate-list';
import { gridColumns, gridFocusTarget } from './grid-keys';

export interface CandidateGridProps {
  items: readonly ApplicantListItem[];
  selected: ReadonlySet<string>;
  openId: string | null;
  onToggle(id: string, range: boolean): void;
  onOpen(id: string): void;
  busy?: boolean;
}

/** A card row's height before it is measured: the 3:4 photo of a ~176 px card and two lines under it. */
const ROW_ESTIMATE = 300;
/** Card rows rendered beyond each edge of the view. */
const OVERSCAN_ROWS = 2;

/**
 * The candidates as a grid of headshots (the primary photo, large), each card with its name, playing age and the
 * team's votes. Only the card rows in view are rendered, so 100,000 candidates cost what 30 do. It is one ARIA grid
 * with a single tab stop: the arrows move across rows and columns, Space selects, Enter opens the preview (the
 * preview leaves the arrows to the grid while it has the focus).
 */
export function CandidateGrid({ items, selected, openId, onToggle, onOpen, busy }: CandidateGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(() => gridColumns(0));
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setColumns(gridColumns(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const rowCount = Math.ceil(items.length / columns);
  // As the list does: a short grid renders every card (find-in-page, screen readers), a long one the rows in view.
  const windowed = items.length >= VIRTUALIZE_FROM;
  // The virtualizer keeps its state in a mutable instance; React Compiler leaves this hook alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: windowed ? rowCount : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: 0, height: ROW_ESTIMATE * 3 },
  });

  // One card holds the tab stop: the open one, else the first; the arrows move it.
  const openIndex = openId ? items.findIndex((item) => item.id === openId) : -1;
  const [focusIndex, setFocusIndex] = useState(0);
  const active = Math.min(focusIndex, Math.max(0, items.length - 1));
  const wantsFocus = useRef(false);
  const [followedOpen, setFollowedOpen] = useState(openIndex);
  if (followedOpen !== openIndex) {
    setFollowedOpen(openIndex);
    if (openIndex >= 0) setFocusIndex(openIndex);
  }
  useEffect(() => {
    if (!wantsFocus.current) return;
    const card = scrollRef.current?.querySelector<HTMLElement>(`[data-card-index="${active}"]`);
    if (card) {
      wantsFocus.current = false;
      card.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    wantsFocus.current = true;
    setFocusIndex(index);
    if (windowed) virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const item = items[active];
    if (!item) return;
    if (event.key === ' ') {
      event.preventDefault();
      onToggle(item.id, event.shiftKey);
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(item.id);
      return;
    }
    const target = gridFocusTarget(active, event.key, columns, items.length);
    if (target === null) return;
    event.preventDefault();
    moveTo(target);
  };

  const rows = windowed
    ? virtualizer.getVirtualItems()
    : Array.from({ length: rowCount }, (_, index) => ({ index, key: index, start: 0, end: 0 }));
  const before = windowed ? (rows[0]?.start ?? 0) : 0;
  const after = windowed && rows.length > 0 ? virtualizer.getTotalSize() - rows.at(-1)!.end : 0;
  return (
    <div
      ref={scrollRef}
      className="max-h-[75vh] overflow-y-auto rounded-lg"
      data-own-arrows=""
      onKeyDown={onKeyDown}
    >
      <p id="candidate-grid-hint" className="sr-only">
        {COMPARE_TEXTS.gridHint}
      </p>
      <div
        role="grid"
        aria-label={COMPARE_TEXTS.gridLabel}
        aria-describedby="candidate-grid-hint"
        aria-rowcount={rowCount}
        aria-colcount={columns}
        aria-multiselectable="true"
        aria-busy={busy}
        style={{ paddingTop: before, paddingBottom: after }}
      >
        {rows.map((row) => (
          <div
            key={row.key}
            role="row"
            aria-rowindex={row.index + 1}
            data-index={row.index}
            ref={windowed ? virtualizer.measureElement : undefined}
            className="grid gap-3 pb-3"
            style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
          >
            {items.slice(row.index * columns, row.index * columns + columns).map((item, column) => {
              const index = row.index * columns + column;
              return (
                <GridCard
                  key={item.id}
                  item={item}
                  index={index}
                  column={column}
                  tabStop={index === active}
                  selected={selected.has(item.id)}
                  open={item.id === openId}
                  onToggle={onToggle}
                  onOpen={onOpen}
                  onFocus={() => setFocusIndex(index)}
                />
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

function GridCard({
  item,
  index,
  column,
  tabStop,
  selected,
  open,
  onToggle,
  onOpen,
  onFocus,
}: {
  item: ApplicantListItem;
  index: number;
  column: number;
  tabStop: boolean;
  selected: boolean;
  open: boolean;
  onToggle(id: string, range: boolean): void;
  onOpen(id: string): void;
  onFocus(): void;
}) {
  const age =
    item.playingAgeMin !== null || item.playingAgeMax !== null
      ? `${COMPARE_TEXTS.playingAge} ${item.playingAgeMin ?? '?'}–${item.playingAgeMax ?? '?'}`
      : item.age !== null
        ? `${item.age} years`
        : null;
  return (
    <div
      role="gridcell"
      aria-colindex={column + 1}
      aria-selected={selected}
      aria-label={[item.name, age].filter(Boolean).join(', ')}
      data-card-index={index}
      tabIndex={tabStop ? 0 : -1}
      onFocus={onFocus}
      onClick={(event) => {
        if (event.shiftKey || event.metaKey || event.ctrlKey) onToggle(item.id, event.shiftKey);
        else onOpen(item.id);
      }}
      className={cn(
        'relative flex cursor-pointer flex-col overflow-hidden rounded-lg border bg-surface outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
        open ? 'border-brand-600 ring-1 ring-brand-600' : 'border-line',
        selected && 'bg-brand-50',
      )}
    >
      <span className="relative block aspect-[3/4] w-full bg-canvas">
        {item.photoUrl ? (
          <img
            src={item.photoUrl}
            alt=""
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            data-initials={initialsOf(item.name)}
            className="absolute inset-0 flex items-center justify-center text-3xl font-semibold text-ink-muted before:content-[attr(data-initials)]"
          />
        )}
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label={`Select ${item.name}`}
          className="absolute top-2 left-2 size-5 accent-brand-700"
          checked={selected}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => onToggle(item.id, (event.nativeEvent as MouseEvent).shiftKey === true)}
        />
      </span>
      <span className="flex flex-col gap-1 p-2">
        <span className="truncate text-sm font-medium text-ink">{item.name}</span>
        {age ? <span className="truncate text-xs text-ink-muted">{age}</span> : null}
        <Votes votes={item.votes} myVote={item.myVote} className="flex flex-wrap" />
      </span>
    </div>
  );
}
