import type { CreateProject } from '@casting/domain';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
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
      <Field required label="Project name" error={errors.name?.message}>
        {(props) => <Input autoComplete="off" {...props} {...register('name')} />}
      </Field>
      <div className="grid gap-4 md:grid-cols-3">
        <LookupSelectField
          control={control}
          name="projectTypeId"
          label="Project type"
          lookup="project-types"
          error={errors.projectTypeId?.message}
        />
        <LookupSelectField
          control={control}
          name="unionStatusId"
          label="Union status"
          lookup="union"
          error={errors.unionStatusId?.message}
        />
        <LookupSelectField
          control={control}
          name="projectStatusId"
          label="Project status"
          lookup="project-status"
          error={errors.projectStatusId?.message}
        />
      </div>
      <Field label="Production company" error={errors.productionCompany?.message}>
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
    <FormSection title="Key dates">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <DateInput name="submissionDeadline" label="Submission deadline" {...shared} />
        <DateInput name="auditionDate" label="Audition date" {...shared} />
        <DateInput name="callbackDate" label="Callback date" {...shared} />
        <DateInput name="shootStartDate" label="Shoot start date" {...shared} />
        <DateInput name="shootEndDate" label="Shoot end date" {...shared} />
      </div>
    </FormSection>
  );
}

export function LocationSection({ control, register, errors }: ProjectFieldsProps) {
  return (
    <FormSection title="Location and pay">
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
      <Field label="Rate or pay notes" error={errors.rateNotes?.message}>
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
        label="Looking for"
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
