import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** Read with the title when the dialog opens; leave empty when the body explains itself. */
  description?: string;
  /** Max width in px; the spec sizes some dialogs (invite about 730, representation about 550). */
  width?: number;
  /** A dialog that must be answered (2FA set-up, for instance) cannot be dismissed by Escape or outside click. */
  dismissible?: boolean;
  children: ReactNode;
  className?: string;
}

/** A modal dialog with a title, focus trap and Escape to close (radix). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  width = 480,
  dismissible = true,
  children,
  className,
}: DialogProps) {
  const blockDismiss = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <RadixDialog.Content
          onEscapeKeyDown={blockDismiss}
          onPointerDownOutside={blockDismiss}
          onInteractOutside={blockDismiss}
          // Without a description, radix needs an explicit "none" rather than a dangling reference.
          {...(description ? {} : { 'aria-describedby': undefined })}
          style={{ maxWidth: width }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-surface p-6 shadow-xl',
            className,
          )}
        >
          <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-ink-muted">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps a button so that activating it closes the surrounding dialog. */
export const DialogClose = RadixDialog.Close;
