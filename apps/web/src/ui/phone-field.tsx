import { useId } from 'react';
import type { Ref } from 'react';
import { PUBLIC_TEXTS } from '@casting/domain';

/** Dial codes offered; the United States first and by default. */
export const DIAL_CODES = [
  { country: 'US', code: '1' },
  { country: 'CA', code: '1' },
  { country: 'GB', code: '44' },
  { country: 'AU', code: '61' },
  { country: 'IE', code: '353' },
  { country: 'NZ', code: '64' },
  { country: 'DE', code: '49' },
  { country: 'FR', code: '33' },
  { country: 'ES', code: '34' },
  { country: 'MX', code: '52' },
  { country: 'IN', code: '91' },
] as const;
export type Country = (typeof DIAL_CODES)[number]['country'];

const dialOf = (country: Country) => DIAL_CODES.find((entry) => entry.country === country)?.code ?? '1';

/**
 * The number as the API takes it: '+', the dial code, then the digits typed (spaces, dashes and brackets
 * dropped). The dial code is kept as a prefix the person cannot delete; a number typed with its own '+'
 * prefix is taken as complete.
 */
export function phoneValue(country: Country, typed: string): string {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return '';
  if (trimmed.startsWith('+')) return `+${digits}`;
  return `+${dialOf(country)}${digits}`;
}

export interface PhoneFieldProps {
  country: Country;
  number: string;
  onChange(country: Country, number: string): void;
  error?: string | undefined;
  required?: boolean;
  /** What the group is called ('Phone' unless a form says more, e.g. 'New phone number'). */
  legend?: string;
  /** The number's input, for a form that focuses its first invalid field. */
  inputRef?: Ref<HTMLInputElement>;
  onBlur?(): void;
}

/**
 * Phone with a country dial code (US by default); the number field shows the prefix it will carry. The value a form
 * sends is `phoneValue(country, number)`.
 */
export function PhoneField({
  country,
  number,
  onChange,
  error,
  required,
  legend = 'Phone',
  inputRef,
  onBlur,
}: PhoneFieldProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-ink">
        {legend}{' '}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        ) : null}
      </legend>
      <div className="flex gap-2">
        <label htmlFor={`${id}-country`} className="sr-only">
          Country dial code
        </label>
        <select
          id={`${id}-country`}
          value={country}
          onChange={(event) => onChange(event.target.value as Country, number)}
          className="min-h-11 w-28 shrink-0 rounded-md border border-line bg-surface px-2 text-sm text-ink"
        >
          {DIAL_CODES.map((entry) => (
            <option key={entry.country} value={entry.country}>
              {entry.country} +{entry.code}
            </option>
          ))}
        </select>
        <div className="flex min-h-11 min-w-0 flex-1 items-center rounded-md border border-line bg-surface aria-invalid:border-danger">
          <span aria-hidden="true" className="pl-3 text-sm text-ink-muted">
            +{dialOf(country)}
          </span>
          <label htmlFor={`${id}-number`} className="sr-only">
            {PUBLIC_TEXTS.phoneNumber}
          </label>
          <input
            id={`${id}-number`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={number}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            aria-required={required || undefined}
            ref={inputRef}
            onBlur={onBlur}
            onChange={(event) => onChange(country, event.target.value)}
            className="min-h-11 w-full min-w-0 rounded-md bg-transparent px-2 text-base text-ink outline-none"
          />
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          Digits only; the dial code is added for you.
        </p>
      )}
    </fieldset>
  );
}
