import { MESSAGES } from '@casting/domain';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** Read with the title when the dialog opens; leave empty when the body explains itself. */
  description?: string;
  /** Max width in px; some dialogs have their own width (invite about 730, representation about 550). */
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
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim" />
        <RadixDialog.Content
          onEscapeKeyDown={blockDismiss}
          onPointerDownOutside={blockDismiss}
          onInteractOutside={blockDismiss}
          // Without a description, radix needs an explicit "none" rather than a dangling reference.
          {...(description ? {} : { 'aria-describedby': undefined })}
          style={{ maxWidth: width }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-xl border border-line bg-surface px-6 pb-6 shadow-xl',
            className,
          )}
        >
          {/* The title (and the close button) stay in view however long the dialog is. */}
          <div className="sticky top-0 z-10 -mx-6 flex items-start justify-between gap-4 border-b border-line bg-surface px-6 pt-5 pb-3">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-ink-muted">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            {dismissible ? (
              <RadixDialog.Close
                aria-label={MESSAGES.closeDialog}
                className="-mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-canvas hover:text-ink"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                >
                  <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
                </svg>
              </RadixDialog.Close>
            ) : null}
          </div>
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A dialog's row of buttons, kept at the bottom of the dialog while a long body scrolls under it,
 * so the way out and the way forward are always in view.
 */
export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'sticky bottom-0 z-10 -mx-6 -mb-6 mt-6 flex flex-col-reverse gap-2 border-t border-line bg-surface px-6 py-4 sm:flex-row sm:justify-end',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** Wraps a button so that activating it closes the surrounding dialog. */
export const DialogClose = RadixDialog.Close;
