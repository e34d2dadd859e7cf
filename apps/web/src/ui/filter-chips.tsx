import { UI_TEXTS } from '@casting/domain';
import { cn } from './cn';

export interface FilterChip {
  /** Stable across renders (the filter's key and value). */
  id: string;
  /** What the chip says, e.g. 'Age 25–40' or 'Tag: Dancer'. */
  label: string;
}

export interface FilterChipsProps {
  chips: readonly FilterChip[];
  onRemove(id: string): void;
  /** Clears every filter at once; offered from two chips up. */
  onClearAll?(): void;
  /** Names the group for assistive technology, e.g. 'Active filters'. */
  label?: string;
  className?: string;
}

/**
 * The filters a list is narrowed by, each a chip with its own remove button, so a person sees at a glance why
 * the list is short and undoes one filter without opening the panel. Nothing renders while no filter is on.
 */
export function FilterChips({
  chips,
  onRemove,
  onClearAll,
  label = 'Active filters',
  className,
}: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <div role="group" aria-label={label} className={cn('flex flex-wrap items-center gap-2', className)}>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li
            key={chip.id}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-100"
          >
            <span className="truncate">{chip.label}</span>
            <button
              type="button"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => onRemove(chip.id)}
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-brand-100"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-3.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      {onClearAll && chips.length > 1 ? (
        <button
          type="button"
          onClick={onClearAll}
          className="min-h-8 rounded-md px-2 text-sm font-medium text-brand-700 hover:underline"
        >
          {UI_TEXTS.clearAllFilters}
        </button>
      ) : null}
    </div>
  );
}
