import { MESSAGES } from '@casting/domain';
import { Button } from './button';
import { Dialog, DialogFooter } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this content? ...'. */
  message: string;
  confirmLabel: string;
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
  /** The confirming button's look: danger for what cannot be taken back (the default), primary otherwise. */
  confirmVariant?: 'danger' | 'primary';
  onConfirm(): void;
}

/** A yes/no question before a destructive action; Cancel and Escape leave everything as it was. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  busy = false,
  confirmVariant = 'danger',
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message}>
      <DialogFooter className="mt-0">
        <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
          {MESSAGES.cancel}
        </Button>
        <Button variant={confirmVariant} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
