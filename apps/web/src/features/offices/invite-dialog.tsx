import {
  createOfficeInvitationSchema,
  inviteEmailSchema,
  MESSAGES,
  OFFICE_ROLES,
  OFFICE_TEXTS,
} from '@casting/domain';
import type { CreateOfficeInvitation, OfficeRole } from '@casting/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { payloadResolver } from '../../lib/forms/form-resolver';
import { useServerErrorSubmit } from '../../lib/forms/use-server-error-submit';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { FormAlert } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { OFFICE_ROLE_OPTIONS } from './member-row';
import { useInviteMember } from './members-api';

interface InviteValues {
  email: string;
  role: OfficeRole;
}

/** The invite dialog's own check (the product's wording for a wrong address), then the contract's. */
const inviteSchema = z
  .object({ email: inviteEmailSchema, role: z.enum(OFFICE_ROLES) })
  .pipe(createOfficeInvitationSchema);
const resolver = payloadResolver<InviteValues, CreateOfficeInvitation>(inviteSchema, (values) => values);

const EMPTY: InviteValues = { email: '', role: 'CASTING_ASSISTANT' };

export interface InviteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Invites one person by e-mail with the role they will have. A refusal that belongs to no field (the daily quota of
 * invitations, an address that is already a member) shows above the form in the server's words.
 */
export function InviteDialog({ open, onOpenChange }: InviteDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={OFFICE_TEXTS.inviteMember}
      description={OFFICE_TEXTS.inviteDialogIntro}
    >
      {/* Mounted only while open, so each opening starts empty. */}
      {open ? <InviteForm onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone(): void }) {
  const invite = useInviteMember();
  const form = useForm<InviteValues, unknown, CreateOfficeInvitation>({ resolver, defaultValues: EMPTY });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const role = useWatch({ control, name: 'role' });
  const { alert, submit } = useServerErrorSubmit(form, ['email', 'role'], async (invitation) => {
    await invite.mutateAsync(invitation);
    toast.success(OFFICE_TEXTS.invitationSent(invitation.email));
    onDone();
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormAlert message={alert} />
      <Field required label={OFFICE_TEXTS.inviteEmail} error={errors.email?.message}>
        {(props) => (
          <Input
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...props}
            {...register('email')}
          />
        )}
      </Field>
      <Field
        required
        label={OFFICE_TEXTS.inviteRole}
        hint={OFFICE_TEXTS.officeRoleHints[role]}
        error={errors.role?.message}
      >
        {(props) => (
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select
                {...props}
                value={field.value}
                onValueChange={(role) => field.onChange(role as OfficeRole)}
                options={OFFICE_ROLE_OPTIONS}
              />
            )}
          />
        )}
      </Field>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          {MESSAGES.cancel}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? OFFICE_TEXTS.sendingInvitation : OFFICE_TEXTS.sendInvitation}
        </Button>
      </DialogFooter>
    </form>
  );
}
