import { useId } from 'react';
import { Input } from './input';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange(text: string): void;
  /** Searches start at this many characters (see lib/search); fewer get a hint instead. */
  minChars: number;
  /** What can be searched for, shown under the box while no hint about length is due. */
  hint?: string;
  placeholder?: string;
}

/** The search box of a list, paired with `useDebouncedSearch` (lib/search) for what is sent. */
export function SearchField({ label, value, onChange, minChars, hint, placeholder }: SearchFieldProps) {
  const id = useId();
  const typed = value.trim().length;
  const tooShort = typed > 0 && typed < minChars;
  const help = tooShort || !hint ? `Type at least ${minChars} characters to search.` : hint;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {help}
      </p>
    </div>
  );
}
