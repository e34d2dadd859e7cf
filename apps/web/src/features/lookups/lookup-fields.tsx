import type { LookupName } from '@casting/domain';
import { Controller } from 'react-hook-form';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { Field } from '../../ui/field';
import { LookupMultiSelect } from './lookup-multi-select';
import { LookupSelect } from './lookup-select';

interface LookupFieldProps<V extends FieldValues, T, Name> {
  control: Control<V, unknown, T>;
  name: Name;
  label: string;
  lookup: LookupName;
  error: string | undefined;
}

/** A labelled single-choice lookup bound to a react-hook-form field holding a value id or null. */
export function LookupSelectField<V extends FieldValues, T = V>({
  control,
  name,
  label,
  lookup,
  error,
}: LookupFieldProps<V, T, FieldPathByValue<V, string | null>>) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <LookupSelect {...props} lookup={lookup} value={field.value} onChange={field.onChange} />
          )}
        />
      )}
    </Field>
  );
}

/** A labelled multiple-choice lookup bound to a react-hook-form field holding a list of value ids. */
export function LookupMultiSelectField<V extends FieldValues, T = V>({
  control,
  name,
  label,
  lookup,
  error,
}: LookupFieldProps<V, T, FieldPathByValue<V, string[]>>) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <LookupMultiSelect
              {...props}
              label={label}
              lookup={lookup}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </Field>
  );
}
