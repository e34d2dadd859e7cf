import { zodResolver } from '@hookform/resolvers/zod';
import { extractErrorMessage, lookupValueInputSchema } from '@casting/domain';
import type { LookupName } from '@casting/domain';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useAddLookupValue } from './lookups-api';

export function AddLookupValueForm({ lookup, title }: { lookup: LookupName; title: string }) {
  const add = useAddLookupValue(lookup);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(lookupValueInputSchema), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const created = await add.mutateAsync(input);
      reset();
      toast.success(`“${created.label}” added to ${title}`);
    } catch (error) {
      // A duplicate name (any case) comes back as a 409 whose message belongs under the field.
      setError('name', { message: extractErrorMessage(error) });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <Field required label="New value" error={errors.name?.message}>
          {(control) => <Input autoComplete="off" {...control} {...register('name')} />}
        </Field>
      </div>
      <Button type="submit" disabled={isSubmitting} className="sm:mt-6">
        Add value
      </Button>
    </form>
  );
}
