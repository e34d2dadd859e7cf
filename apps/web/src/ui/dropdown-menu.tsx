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

/** A heading inside a menu (not focusable), e.g. above a group of choices. */
export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return (
    <RadixMenu.Label className="px-3 pt-2 pb-1 text-xs font-semibold text-ink-muted">
      {children}
    </RadixMenu.Label>
  );
}

export interface DropdownMenuRadioGroupProps {
  /** The chosen item's value. */
  value: string;
  onValueChange(value: string): void;
  /** Names the group for assistive technology when no label item precedes it. */
  'aria-label'?: string;
  children: ReactNode;
}

/** One choice among the items in it (radix `menuitemradio`): the chosen one is checked and marked. */
export function DropdownMenuRadioGroup({
  value,
  onValueChange,
  children,
  ...props
}: DropdownMenuRadioGroupProps) {
  return (
    <RadixMenu.RadioGroup value={value} onValueChange={onValueChange} aria-label={props['aria-label']}>
      {children}
    </RadixMenu.RadioGroup>
  );
}

export interface DropdownMenuRadioItemProps {
  value: string;
  disabled?: boolean;
  children: ReactNode;
}

export function DropdownMenuRadioItem({ value, disabled, children }: DropdownMenuRadioItemProps) {
  return (
    <RadixMenu.RadioItem
      value={value}
      disabled={disabled}
      className="flex cursor-pointer items-start gap-2 rounded px-3 py-2 text-sm text-ink outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:text-ink-muted data-[highlighted]:bg-brand-50"
    >
      <span aria-hidden="true" className="mt-0.5 inline-flex size-4 shrink-0 items-center justify-center">
        <RadixMenu.ItemIndicator>✓</RadixMenu.ItemIndicator>
      </span>
      <span className="min-w-0 flex-1">{children}</span>
    </RadixMenu.RadioItem>
  );
}
