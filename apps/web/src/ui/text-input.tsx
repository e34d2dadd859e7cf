import { useId } from 'react';
import type { ComponentProps } from 'react';

export interface TextInputProps extends Omit<ComponentProps<'input'>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
}

/**
 * A labelled text box for the public pages, sized for thumbs (44 px) and with a 16 px font so phones do
 * not zoom in on focus. It carries no form library: the apply pages stay a small download.
 */
export function TextInput({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  className,
  ...rest
}: TextInputProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm text-danger">
            *
          </span>
        ) : null}
      </div>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        aria-required={required || undefined}
        className="min-h-11 w-full rounded-md border border-line bg-surface px-3 text-base text-ink placeholder:text-ink-muted aria-invalid:border-danger"
        {...rest}
      />
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
