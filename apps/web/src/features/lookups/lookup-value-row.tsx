import { zodResolver } from '@hookform/resolvers/zod';
import { extractErrorMessage, lookupValueInputSchema } from '@casting/domain';
import type { LookupName, Option } from '@casting/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import type { VirtualRowProps } from '../../ui/virtual-rows';
import { useRenameLookupValue } from './lookups-api';

/** One value: its name, and a rename form in place of it while renaming. */
export function LookupValueRow({
  lookup,
  option,
  rowProps,
}: {
  lookup: LookupName;
  option: Option;
  /** From the list: lets a long list measure the row and tells its place. */
  rowProps?: VirtualRowProps & { 'aria-posinset'?: number; 'aria-setsize'?: number };
}) {
  const [renaming, setRenaming] = useState(false);
  return (
    <li {...rowProps} className="py-2">
      {renaming ? (
        <RenameForm lookup={lookup} option={option} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex min-h-10 items-center justify-between gap-3">
          <span className="text-sm text-ink">{option.label}</span>
          <Button variant="ghost" aria-label={`Rename ${option.label}`} onClick={() => setRenaming(true)}>
            Rename
          </Button>
        </div>
      )}
    </li>
  );
}

function RenameForm({ lookup, option, onDone }: { lookup: LookupName; option: Option; onDone(): void }) {
  const rename = useRenameLookupValue(lookup);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(lookupValueInputSchema), defaultValues: { name: option.label } });

  const onSubmit = handleSubmit(async ({ name }) => {
    if (name === option.label) return onDone();
    try {
      await rename.mutateAsync({ valueId: option.value, name });
      toast.success(`Renamed to “${name}”`);
      onDone();
    } catch (error) {
      setError('name', { message: extractErrorMessage(error) });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <Field required label={`New name for ${option.label}`} error={errors.name?.message}>
          {(control) => <Input autoComplete="off" autoFocus {...control} {...register('name')} />}
        </Field>
      </div>
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" disabled={isSubmitting}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
