import { MESSAGES } from '@casting/domain';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';

/** The invite answer listed addresses of talent accounts, which were not added. */
export function CannotAddTalentDialog({ emails, onClose }: { emails: readonly string[]; onClose(): void }) {
  const list = emails.join(', ');
  return (
    <Dialog
      open={emails.length > 0}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={MESSAGES.cannotAddTalentTitle}
      description={`${emails.length === 1 ? 'This email is' : 'These emails are'} associated with a Talent on the platform: ${list}. Please use another email address.`}
    >
      <div className="flex justify-end">
        <Button onClick={onClose}>OK</Button>
      </div>
    </Dialog>
  );
}

export interface DifferentAgencyDialogProps {
  open: boolean;
  busy: boolean;
  onProceed(): void;
  onCancel(): void;
}

/** AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY: confirming re-sends the invitation with skipWarning. */
export function DifferentAgencyDialog({ open, busy, onProceed, onCancel }: DifferentAgencyDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={MESSAGES.inviteDifferentAgencyTitle}
      description="This person represents talent for a different agency. Once invited, their agency's representatives can see and manage all applicants in this project."
    >
      <DialogFooter>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {MESSAGES.cancel}
        </Button>
        <Button disabled={busy} onClick={onProceed}>
          {MESSAGES.inviteDifferentAgencyConfirm}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
