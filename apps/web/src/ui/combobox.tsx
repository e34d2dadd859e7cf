import { DROPDOWN_LIST_HEIGHT } from '@casting/domain';
import { useId, useMemo, useState } from 'react';
import { cn } from './cn';
import type { FieldControlProps } from './field';

export interface ComboboxOption {
  value: string;
  /** What the box shows once chosen, and what typing is matched against. */
  label: string;
  /** A second, quieter line in the list (e.g. a time zone's offset); matched too. */
  detail?: string;
}

export interface ComboboxProps extends Partial<FieldControlProps> {
  options: readonly ComboboxOption[];
  /** The chosen option's value. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** What the list says when the typed text matches nothing. */
  noMatches(text: string): string;
  /** At most this many matches are listed; more text narrows them down. */
  limit?: number;
  name?: string;
}

/** Case, spaces and underscores do not matter: "los angeles" finds America/Los_Angeles. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
}

/**
 * A choice from a long list found by typing (the ARIA 1.2 combobox pattern): the box filters the list as one
 * types, arrow keys move through the matches, Enter or a click chooses, Escape or leaving the box puts back what was
 * chosen. Only an option of the list can be chosen; what is typed is a search, never the value.
 */
export function Combobox({
  options,
  value,
  onChange,
  onBlur,
  noMatches,
  limit = 100,
  name,
  ...control
}: ComboboxProps) {
  const listId = useId();
  const chosen = options.find((option) => option.value === value);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => {
    const wanted = normalise(text ?? '');
    const found = wanted
      ? options.filter((option) => normalise(`${option.label} ${option.detail ?? ''}`).includes(wanted))
      : options;
    return found.slice(0, limit);
  }, [options, text, limit]);
  const current = Math.min(active, Math.max(matches.length - 1, 0));

  const close = () => {
    setOpen(false);
    setText(null);
  };
  const choose = (option: ComboboxOption | undefined) => {
    if (option) onChange(option.value);
    close();
  };

  return (
    <div className="relative">
      <input
        {...control}
        name={name}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[current] ? `${listId}-${current}` : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text ?? chosen?.label ?? value}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            if (!open) {
              setOpen(true);
              return;
            }
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((current + step + matches.length) % Math.max(matches.length, 1));
          } else if (event.key === 'Enter' && open) {
            event.preventDefault();
            choose(matches[current]);
          } else if (event.key === 'Escape' && open) {
            // Closing the list is all Escape does here; a surrounding dialog stays open.
            event.preventDefault();
            event.stopPropagation();
            close();
          }
        }}
        className="min-h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink placeholder:text-ink-muted aria-invalid:border-danger"
      />
      <ul
        id={listId}
        role="listbox"
        hidden={!open}
        style={{ maxHeight: DROPDOWN_LIST_HEIGHT }}
        className="absolute z-50 mt-1 w-full overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg"
      >
        {matches.length === 0 ? (
          <li role="presentation" className="px-3 py-2 text-sm text-ink-muted">
            {noMatches(text ?? '')}
          </li>
        ) : null}
        {matches.map((option, index) => (
          <li
            key={option.value}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            // The box keeps the focus: a press on an option must not blur it before the choice is made.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(option)}
            className={cn(
              'flex cursor-pointer items-baseline justify-between gap-3 rounded px-3 py-2 text-sm',
              index === current ? 'bg-brand-50 text-brand-800' : 'text-ink',
            )}
          >
            <span className="truncate">{option.label}</span>
            {option.detail ? <span className="shrink-0 text-xs text-ink-muted">{option.detail}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
