import { createProjectSchema, UI_TEXTS } from '@casting/domain';
import type { CreateProject } from '@casting/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { payloadResolver } from '../../lib/forms/form-resolver';
import { useServerErrorSubmit } from '../../lib/forms/use-server-error-submit';
import { CheckboxField, FormAlert, FormSection } from '../../ui/form-controls';
import { BasicsSection, DatesSection, LocationSection, LookingForSection } from './project-form-fields';
import { PROJECT_FORM_FIELDS, toProjectPayload } from './project-form-values';
import type { ProjectFormValues } from './project-form-values';

export interface ProjectFormProps {
  defaultValues: ProjectFormValues;
  submitLabel: string;
  /** Where Cancel goes. */
  cancelTo: string;
  /** Sends the validated project; a rejection's messages are shown under fields or above the form. */
  onSubmit(project: CreateProject): Promise<void>;
}

const resolver = payloadResolver<ProjectFormValues, CreateProject>(createProjectSchema, toProjectPayload);

/** Every field of a casting project, for create and edit. */
export function ProjectForm({ defaultValues, submitLabel, cancelTo, onSubmit }: ProjectFormProps) {
  const checkboxId = useId();
  const form = useForm<ProjectFormValues, unknown, CreateProject>({ resolver, defaultValues });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { alert, submit } = useServerErrorSubmit(form, PROJECT_FORM_FIELDS, onSubmit);

  const fields = { control, register, errors };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <FormAlert message={alert} />
      <BasicsSection {...fields} />
      <DatesSection register={register} errors={errors} />
      <LocationSection {...fields} />
      <LookingForSection {...fields} />
      <FormSection title="Submissions">
        <CheckboxField
          id={`${checkboxId}-rep`}
          label={UI_TEXTS.collectRepresentativeInfo}
          hint="Applicants are asked for their agency and agent."
          {...register('collectRepresentativeInfo')}
        />
        <CheckboxField
          id={`${checkboxId}-one-folder`}
          label={UI_TEXTS.keepApplicantInOneFolder}
          hint="Moving an applicant into a folder takes them out of the others."
          {...register('applicantOnlyInOneFolder')}
        />
      </FormSection>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link
          to={cancelTo}
          className="inline-flex min-h-10 items-center justify-center rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink hover:bg-canvas"
        >
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
