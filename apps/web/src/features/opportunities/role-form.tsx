import { createRoleSchema, UI_TEXTS, PUBLIC_TEXTS } from '@casting/domain';
import type { CreateRole } from '@casting/domain';
import { useForm } from 'react-hook-form';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { LookupMultiSelectField, LookupSelectField } from '../lookups';
import { payloadResolver } from '../../lib/forms/form-resolver';
import { useServerErrorSubmit } from '../../lib/forms/use-server-error-submit';
import { FormAlert, TextArea } from '../../ui/form-controls';
import { ROLE_FORM_FIELDS, toRolePayload } from './role-form-values';
import type { RoleFormValues } from './role-form-values';
import { DialogFooter } from '../../ui/dialog';

const resolver = payloadResolver<RoleFormValues, CreateRole>(createRoleSchema, toRolePayload);

export interface RoleFormProps {
  defaultValues: RoleFormValues;
  submitLabel: string;
  onCancel(): void;
  onSubmit(role: CreateRole): Promise<void>;
}

/** An opportunity's breakdown: name and description (the OVERVIEW_ROLE section) plus casting details. */
export function RoleForm({ defaultValues, submitLabel, onCancel, onSubmit }: RoleFormProps) {
  const form = useForm<RoleFormValues, unknown, CreateRole>({ resolver, defaultValues });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { alert, submit } = useServerErrorSubmit(form, ROLE_FORM_FIELDS, onSubmit);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormAlert message={alert} />
      <Field required label={UI_TEXTS.opportunityName} error={errors.name?.message}>
        {(props) => <Input autoComplete="off" {...props} {...register('name')} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(props) => <TextArea rows={3} {...props} {...register('description')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <LookupSelectField
          control={control}
          name="roleTypeId"
          label={UI_TEXTS.roleType}
          lookup="role-types"
          error={errors.roleTypeId?.message}
        />
        <LookupSelectField
          control={control}
          name="unionStatusId"
          label="Union"
          lookup="union"
          error={errors.unionStatusId?.message}
        />
        <LookupMultiSelectField
          control={control}
          name="genderIds"
          label="Gender"
          lookup="role-genders"
          error={errors.genderIds?.message}
        />
        <LookupMultiSelectField
          control={control}
          name="ethnicAppearanceIds"
          label={PUBLIC_TEXTS.ethnicAppearance}
          lookup="ethnic-appearances"
          error={errors.ethnicAppearanceIds?.message}
        />
        <Field label={UI_TEXTS.minimumAge} error={errors.ageMin?.message}>
          {(props) => <Input inputMode="numeric" {...props} {...register('ageMin')} />}
        </Field>
        <Field label={UI_TEXTS.maximumAge} error={errors.ageMax?.message}>
          {(props) => <Input inputMode="numeric" {...props} {...register('ageMax')} />}
        </Field>
        <Field label={UI_TEXTS.shootStartDate} error={errors.shootStartDate?.message}>
          {(props) => <Input type="date" {...props} {...register('shootStartDate')} />}
        </Field>
        <Field label={UI_TEXTS.shootEndDate} error={errors.shootEndDate?.message}>
          {(props) => <Input type="date" {...props} {...register('shootEndDate')} />}
        </Field>
      </div>
      <Field label="Rate" hint="Day rate, buyout or pay notes" error={errors.rate?.message}>
        {(props) => <Input autoComplete="off" {...props} {...register('rate')} />}
      </Field>
      <LookupMultiSelectField
        control={control}
        name="backgroundIds"
        label="Background"
        lookup="role-background"
        error={errors.backgroundIds?.message}
      />
      <Field label="Requirements" hint="Skills, sizes, availability" error={errors.requirements?.message}>
        {(props) => <TextArea rows={3} {...props} {...register('requirements')} />}
      </Field>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
