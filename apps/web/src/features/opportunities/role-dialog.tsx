import { INVITE_DIALOG_WIDTH, UI_TEXTS } from '@casting/domain';
import type { Role } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { Dialog } from '../../ui/dialog';
import { RoleForm } from './role-form';
import { EMPTY_ROLE_FORM, roleFormValues } from './role-form-values';
import { useCreateRole, useUpdateRole } from './opportunities-api';

export interface RoleDialogProps {
  projectId: string;
  /** The opportunity to edit; null to create one. */
  role: Role | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Create or edit an opportunity; the dialog is as wide as the team dialog, so the breakdown fits two columns. */
export function RoleDialog({ projectId, role, open, onOpenChange }: RoleDialogProps) {
  const create = useCreateRole(projectId);
  const update = useUpdateRole(projectId);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={role ? `Edit ${role.name}` : UI_TEXTS.addOpportunity}
      width={INVITE_DIALOG_WIDTH}
    >
      <RoleForm
        key={role?.id ?? 'new'}
        defaultValues={role ? roleFormValues(role) : EMPTY_ROLE_FORM}
        submitLabel={role ? 'Save opportunity' : 'Create opportunity'}
        onCancel={() => onOpenChange(false)}
        onSubmit={async (input) => {
          if (role) {
            await update.mutateAsync({ roleId: role.id, input });
            toast.success(`Opportunity “${input.name}” saved`);
          } else {
            await create.mutateAsync(input);
            toast.success(`Opportunity “${input.name}” created`);
          }
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}
