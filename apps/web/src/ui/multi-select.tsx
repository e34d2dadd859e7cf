import { DROPDOWN_LIST_HEIGHT } from '@casting/domain';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { cn } from './cn';
import type { FieldControlProps } from './field';

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectProps extends Partial<FieldControlProps> {
  options: readonly MultiSelectOption[];
  /** Names the checkbox group inside the list, e.g. the field's label. */
  label: string;
  value: readonly string[];
  onChange(value: string[]): void;
  placeholder?: string;
  /** What the open list says when there is nothing to choose. */
  emptyText?: string;
  loading?: boolean;
}

/** Several choices from a short list: a button showing the chosen ones, opening a checkbox list. */
export function MultiSelect({
  options,
  label,
  value,
  onChange,
  placeholder = 'Any',
  emptyText = 'Nothing to choose from yet.',
  loading = false,
  ...control
}: MultiSelectProps) {
  // The boxes show a change at once, even when the owner applies it in a transition (a URL change does).
  const [shown, setShown] = useState({ from: value, value });
  const current = shown.from === value ? shown.value : value;
  const summary = options
    .filter((option) => current.includes(option.value))
    .map((option) => option.label)
    .join(', ');
  const toggle = (id: string, checked: boolean) => {
    const next = checked ? [...current, id] : current.filter((candidate) => candidate !== id);
    setShown({ from: value, value: next });
    onChange(next);
  };
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          id={control.id}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          disabled={loading}
          className={cn(
            'inline-flex min-h-10 w-full items-center justify-between gap-2 rounded-md border border-line bg-surface px-3 text-left text-sm aria-invalid:border-danger disabled:cursor-not-allowed',
            summary ? 'text-ink' : 'text-ink-muted',
          )}
        >
          <span className="truncate">{loading ? 'Loading…' : summary || placeholder}</span>
          <span aria-hidden="true">▾</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          style={{ maxHeight: DROPDOWN_LIST_HEIGHT }}
          className="z-50 w-(--radix-popover-trigger-width) min-w-48 overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg"
        >
          <fieldset>
            <legend className="sr-only">{label}</legend>
            {options.length === 0 ? <p className="px-3 py-2 text-sm text-ink-muted">{emptyText}</p> : null}
            {options.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-ink hover:bg-brand-50"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={current.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
