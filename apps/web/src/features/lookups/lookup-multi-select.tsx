import type { LookupName } from '@casting/domain';
import { DROPDOWN_LIST_HEIGHT } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { useHttpClient } from '../../lib/http/http-client-context';
import { cn } from '../../ui/cn';
import type { FieldControlProps } from '../../ui/field';
import { lookupValuesQuery } from './lookups-api';

export interface LookupMultiSelectProps extends Partial<FieldControlProps> {
  lookup: LookupName;
  /** Names the checkbox group inside the list, e.g. the field's label. */
  label: string;
  value: readonly string[];
  onChange(value: string[]): void;
  placeholder?: string;
}

/** Several choices from a lookup: a button opening a checkbox list about 192 px high. */
export function LookupMultiSelect({
  lookup,
  label,
  value,
  onChange,
  placeholder = 'Select…',
  ...control
}: LookupMultiSelectProps) {
  const http = useHttpClient();
  const { data: options = [], isPending } = useQuery(lookupValuesQuery(http, lookup));
  const chosen = options.filter((option) => value.includes(option.value));
  const summary = chosen.map((option) => option.label).join(', ');
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((candidate) => candidate !== id));

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          id={control.id}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          disabled={isPending}
          className={cn(
            'inline-flex min-h-10 w-full items-center justify-between gap-2 rounded-md border border-line bg-surface px-3 text-left text-sm aria-invalid:border-danger disabled:cursor-not-allowed',
            summary ? 'text-ink' : 'text-ink-muted',
          )}
        >
          <span className="truncate">{isPending ? 'Loading…' : summary || placeholder}</span>
          <span aria-hidden="true">▾</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          style={{ maxHeight: DROPDOWN_LIST_HEIGHT }}
          className="z-50 w-(--radix-popover-trigger-width) overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg"
        >
          <fieldset>
            <legend className="sr-only">{label}</legend>
            {options.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-ink hover:bg-brand-50"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={value.includes(option.value)}
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
