import { ADDRESS_TEXTS } from '@casting/domain';
import type { AddressSuggestion } from '@casting/domain';
import { useId, useState } from 'react';
import type { ComponentProps, KeyboardEvent } from 'react';

interface AddressComboboxProps extends Omit<
  ComponentProps<'input'>,
  'onChange' | 'value' | 'role' | 'onKeyDown' | 'onBlur'
> {
  label: string;
  value: string;
  onChange(text: string): void;
  /** The look-up's answer for what was typed; shown while the person is typing in this field. */
  suggestions: AddressSuggestion[];
  onChoose(suggestion: AddressSuggestion): void;
  error?: string;
  hint?: string;
}

/**
 * A text box that suggests places as the person types, by the ARIA combobox pattern (list autocomplete): the list
 * opens on typing, ↓/↑ move through it, Enter chooses, Escape or leaving the box closes it; a pointer click chooses
 * too. Hand-written rather than a library's, since the apply pages must stay a small download.
 */
export function AddressCombobox({
  label,
  value,
  onChange,
  suggestions,
  onChoose,
  error,
  hint,
  ...rest
}: AddressComboboxProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open ? suggestions.slice(0, 5) : [];
  const expanded = shown.length > 0;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');

  const choose = (item: AddressSuggestion) => {
    setOpen(false);
    setActive(-1);
    onChoose(item);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!expanded) return setOpen(true);
      event.preventDefault();
      const last = shown.length - 1;
      setActive((index) =>
        event.key === 'ArrowDown' ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1,
      );
    } else if (event.key === 'Enter' && expanded && shown[active]) {
      // Enter picks the highlighted place instead of submitting the form.
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        role="combobox"
        value={value}
        onChange={(event) => {
          setOpen(true);
          setActive(-1);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-${active}` : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        className="min-h-11 w-full rounded-md border border-line bg-surface px-3 text-base text-ink aria-invalid:border-danger"
        {...rest}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={ADDRESS_TEXTS.suggestions}
        hidden={!expanded}
        className="absolute top-full z-10 mt-1 w-full rounded-md border border-line bg-surface py-1 shadow-md"
      >
        {shown.map((item, index) => (
          <li
            key={item.label}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            // Chosen on pointer down, before the box loses focus and closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(item);
            }}
            className="min-h-10 cursor-pointer px-3 py-2 text-sm text-ink hover:bg-brand-50 aria-selected:bg-brand-50"
          >
            {item.label}
          </li>
        ))}
      </ul>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
