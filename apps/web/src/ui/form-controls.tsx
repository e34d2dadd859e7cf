import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={4}
      className={cn(
        'w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-muted aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  hint?: ReactNode;
}

/** A checkbox with its label beside it and an optional explanation below. */
export function CheckboxField({ label, hint, id, ...props }: CheckboxFieldProps) {
  const hintId = hint && id ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start gap-3">
      <input
        type="checkbox"
        id={id}
        aria-describedby={hintId}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
        {...props}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-ink-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A titled group of form fields. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The alert above a form for a refusal that belongs to no single field. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}
