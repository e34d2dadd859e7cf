import type { LookupName } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import type { FieldControlProps } from '../../ui/field';
import { MultiSelect } from '../../ui/multi-select';
import { lookupValuesQuery } from './lookups-api';

export interface LookupMultiSelectProps extends Partial<FieldControlProps> {
  lookup: LookupName;
  /** Names the checkbox group inside the list, e.g. the field's label. */
  label: string;
  value: readonly string[];
  onChange(value: string[]): void;
  placeholder?: string;
}

/** Several choices from a lookup: the generic multi-select, fed with the lookup's values once they have loaded. */
export function LookupMultiSelect({ lookup, placeholder = 'Select…', ...props }: LookupMultiSelectProps) {
  const http = useHttpClient();
  const { data: options = [], isPending } = useQuery(lookupValuesQuery(http, lookup));
  return <MultiSelect {...props} options={options} placeholder={placeholder} loading={isPending} />;
}
