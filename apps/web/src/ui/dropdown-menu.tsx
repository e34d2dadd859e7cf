import { DropdownMenu as RadixMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface DropdownMenuProps {
  /** The element that opens the menu; it must have an accessible name. */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  /**
   * Whether focus goes back to the trigger when the menu closes (default). Off for menus whose item moves focus
   * itself, such as inserting into an editor.
   */
  restoreFocus?: boolean;
}

/** A keyboard-navigable menu (radix): arrow keys, typeahead, Escape to close. */
export function DropdownMenu({ trigger, children, align = 'end', restoreFocus = true }: DropdownMenuProps) {
  return (
    // Non-modal: a modal menu aria-hides the whole page (main landmark included) while open.
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      {/* Rendered in place rather than portalled, so the open menu stays inside its landmark. */}
      <RadixMenu.Content
        align={align}
        sideOffset={6}
        onCloseAutoFocus={restoreFocus ? undefined : (event) => event.preventDefault()}
        className="z-50 min-w-44 rounded-md border border-line bg-surface p-1 shadow-lg"
      >
        {children}
      </RadixMenu.Content>
    </RadixMenu.Root>
  );
}

export interface DropdownMenuItemProps {
  onSelect(): void;
  children: ReactNode;
  className?: string;
}

export function DropdownMenuItem({ onSelect, children, className }: DropdownMenuItemProps) {
  return (
    <RadixMenu.Item
      onSelect={onSelect}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-ink outline-none select-none data-[highlighted]:bg-brand-50',
        className,
      )}
    >
      {children}
    </RadixMenu.Item>
  );
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-line" />;
}
