import type { LookupName } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Select } from '../../ui/select';
import type { FieldControlProps } from '../../ui/field';
import { lookupValuesQuery } from './lookups-api';

/** Radix Select items cannot carry an empty value, so "no choice" has a value of its own. */
const NONE = '__none__';

export interface LookupSelectProps extends Partial<FieldControlProps> {
  lookup: LookupName;
  value: string | null | undefined;
  onChange(value: string | null): void;
  placeholder?: string;
  disabled?: boolean;
}

/** A single choice from a lookup (fed by its lookup endpoint, first 100 values), which may be left empty. */
export function LookupSelect({
  lookup,
  value,
  onChange,
  placeholder = 'Select…',
  disabled,
  ...control
}: LookupSelectProps) {
  const http = useHttpClient();
  const { data: options, isPending } = useQuery(lookupValuesQuery(http, lookup));
  const choices = [
    { value: NONE, label: 'None' },
    ...(options ?? []).map((option) => ({ value: option.value, label: option.label })),
  ];
  return (
    <Select
      id={control.id}
      aria-invalid={control['aria-invalid']}
      aria-describedby={control['aria-describedby']}
      value={value ?? ''}
      onValueChange={(next) => onChange(next === NONE ? null : next)}
      options={choices}
      placeholder={isPending ? 'Loading…' : placeholder}
      disabled={disabled || isPending}
    />
  );
}
