import { useId } from 'react';
import { MESSAGES } from '@casting/domain';
import type { ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  /** Present (true) only on required fields, so optional ones keep their markup unchanged. */
  'aria-required'?: true;
}

export interface FieldProps {
  label: string;
  /** The validation message shown under the control and linked to it with aria-describedby. */
  error?: string;
  hint?: string;
  /** Marks the label with an asterisk and the control with aria-required. */
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with its hint and error wired for screen readers. */
export function Field({ label, error, hint, required = false, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      {/*
        The asterisk sits beside the label, not in it, so the field's name stays 'Email'; screen readers hear
        "required" from aria-required, a pointer hovering the asterisk reads it in its tooltip.
      */}
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" title={MESSAGES.requiredField} className="text-sm text-danger">
            *
          </span>
        ) : null}
      </div>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        ...(required ? { 'aria-required': true as const } : {}),
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
