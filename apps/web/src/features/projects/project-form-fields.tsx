import type { CreateProject } from '@casting/domain';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { LOOKUP_TITLES, UI_TEXTS } from '@casting/domain';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { LookupMultiSelectField, LookupSelectField } from '../lookups';
import { FormSection, TextArea } from '../../ui/form-controls';
import type { ProjectFormValues } from './project-form-values';

export interface ProjectFieldsProps {
  control: Control<ProjectFormValues, unknown, CreateProject>;
  register: UseFormRegister<ProjectFormValues>;
  errors: FieldErrors<ProjectFormValues>;
}

type DateField = 'submissionDeadline' | 'auditionDate' | 'callbackDate' | 'shootStartDate' | 'shootEndDate';

function DateInput({
  name,
  label,
  register,
  errors,
}: { name: DateField; label: string } & Omit<ProjectFieldsProps, 'control'>) {
  return (
    <Field label={label} error={errors[name]?.message}>
      {(props) => <Input type="date" {...props} {...register(name)} />}
    </Field>
  );
}

export function BasicsSection({ control, register, errors }: ProjectFieldsProps) {
  return (
    <FormSection title="Project">
      <Field required label={UI_TEXTS.projectName} error={errors.name?.message}>
        {(props) => <Input autoComplete="off" {...props} {...register('name')} />}
      </Field>
      <div className="grid gap-4 md:grid-cols-3">
        <LookupSelectField
          control={control}
          name="projectTypeId"
          label={UI_TEXTS.projectType}
          lookup="project-types"
          error={errors.projectTypeId?.message}
        />
        <LookupSelectField
          control={control}
          name="unionStatusId"
          label={LOOKUP_TITLES.union}
          lookup="union"
          error={errors.unionStatusId?.message}
        />
        <LookupSelectField
          control={control}
          name="projectStatusId"
          label={LOOKUP_TITLES['project-status']}
          lookup="project-status"
          error={errors.projectStatusId?.message}
        />
      </div>
      <Field label={UI_TEXTS.productionCompany} error={errors.productionCompany?.message}>
        {(props) => <Input autoComplete="organization" {...props} {...register('productionCompany')} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(props) => <TextArea {...props} {...register('description')} />}
      </Field>
    </FormSection>
  );
}

export function DatesSection({ register, errors }: Omit<ProjectFieldsProps, 'control'>) {
  const shared = { register, errors };
  return (
    <FormSection title={UI_TEXTS.keyDates}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <DateInput name="submissionDeadline" label={UI_TEXTS.submissionDeadline} {...shared} />
        <DateInput name="auditionDate" label={UI_TEXTS.auditionDate} {...shared} />
        <DateInput name="callbackDate" label={UI_TEXTS.callbackDate} {...shared} />
        <DateInput name="shootStartDate" label={UI_TEXTS.shootStartDate} {...shared} />
        <DateInput name="shootEndDate" label={UI_TEXTS.shootEndDate} {...shared} />
      </div>
    </FormSection>
  );
}

export function LocationSection({ control, register, errors }: ProjectFieldsProps) {
  return (
    <FormSection title={UI_TEXTS.locationAndPay}>
      <Field label="Location" hint="City, studio or venue" error={errors.location?.message}>
        {(props) => <Input autoComplete="off" {...props} {...register('location')} />}
      </Field>
      <div className="grid gap-4 md:grid-cols-2">
        <LookupMultiSelectField
          control={control}
          name="regionIds"
          label="Regions"
          lookup="regions"
          error={errors.regionIds?.message}
        />
        <LookupMultiSelectField
          control={control}
          name="geographicIds"
          label="Geographic"
          lookup="geographic"
          error={errors.geographicIds?.message}
        />
      </div>
      <Field label={UI_TEXTS.rateOrPayNotes} error={errors.rateNotes?.message}>
        {(props) => <TextArea rows={3} {...props} {...register('rateNotes')} />}
      </Field>
    </FormSection>
  );
}

export function LookingForSection({ control, register, errors }: ProjectFieldsProps) {
  return (
    <FormSection title="What the production is looking for">
      <LookupMultiSelectField
        control={control}
        name="lookingForIds"
        label={LOOKUP_TITLES['project-lookingfor']}
        lookup="project-lookingfor"
        error={errors.lookingForIds?.message}
      />
      <Field
        label="Details"
        hint="Types, skills or looks the production wants to see"
        error={errors.lookingFor?.message}
      >
        {(props) => <TextArea rows={3} {...props} {...register('lookingFor')} />}
      </Field>
    </FormSection>
  );
}
