import { zodResolver } from '@hookform/resolvers/zod';
import {
  extractErrorMessage,
  MESSAGES,
  requiredText,
  updateProfileSchema,
  PUBLIC_TEXTS,
  PAGE_TITLES,
} from '@casting/domain';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast/toast';
import { z } from 'zod';
import { useAuth } from '../../lib/auth/auth-provider';
import { paths } from '../../lib/routing/paths';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useUpdateProfile } from './profile-api';

/** Said once the profile is saved. */
export const PROFILE_SAVED_MESSAGE = 'Profile updated successfully';

const avatarUrl = updateProfileSchema.shape.imageUrl;

const profileFormSchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired).max(100),
  lastName: requiredText(MESSAGES.lastNameRequired).max(100),
  // Empty removes the picture; anything else must be an https address, as the API requires.
  imageUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || avatarUrl.safeParse(value).success, MESSAGES.invalidUrl),
});

/** /profile/edit: first name, last name and avatar image. */
export function ProfileEditPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <ProfileEditForm firstName={user.firstName} lastName={user.lastName} imageUrl={user.imageUrl ?? ''} />
  );
}

function ProfileEditForm(initial: { firstName: string; lastName: string; imageUrl: string }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver: zodResolver(profileFormSchema), defaultValues: initial });
  const [firstName, lastName, imageUrl] = useWatch({ control, name: ['firstName', 'lastName', 'imageUrl'] });
  const previewUrl = avatarUrl.safeParse(imageUrl.trim()).success ? imageUrl.trim() : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        imageUrl: values.imageUrl === '' ? null : values.imageUrl,
      });
      toast.success(PROFILE_SAVED_MESSAGE);
      void navigate(paths.profile);
    } catch (error) {
      toast.error(extractErrorMessage(error));
    }
  });

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">{PAGE_TITLES.editProfile}</h1>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:p-6"
      >
        <div className="flex items-center gap-4">
          <Avatar name={`${firstName} ${lastName}`} imageUrl={previewUrl} className="size-16 text-lg" />
          <p className="text-sm text-ink-muted">Preview of your picture</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={PUBLIC_TEXTS.firstName} error={errors.firstName?.message}>
            {(field) => <Input autoComplete="given-name" {...field} {...register('firstName')} />}
          </Field>
          <Field label={PUBLIC_TEXTS.lastName} error={errors.lastName?.message}>
            {(field) => <Input autoComplete="family-name" {...field} {...register('lastName')} />}
          </Field>
        </div>
        <Field
          label="Avatar image URL"
          hint="An https:// address of a picture; leave empty to show your initials."
          error={errors.imageUrl?.message}
        >
          {(field) => <Input type="url" inputMode="url" {...field} {...register('imageUrl')} />}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link
            to={paths.profile}
            className="inline-flex min-h-10 items-center justify-center rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink hover:bg-canvas"
          >
            Cancel
          </Link>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {PUBLIC_TEXTS.saveChanges}
          </Button>
        </div>
      </form>
    </section>
  );
}
