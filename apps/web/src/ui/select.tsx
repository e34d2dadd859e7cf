import { Select as RadixSelect } from 'radix-ui';
import { cn } from './cn';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  /** Links the trigger to its <label> (use Field's control id). */
  id?: string;
  value: string | undefined;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A single-choice list box (radix) with keyboard support and typeahead. */
export function Select({ options, placeholder, className, ...props }: SelectProps & { className?: string }) {
  const { id, value, onValueChange, disabled } = props;
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        className={cn(
          'inline-flex min-h-10 w-full items-center justify-between gap-2 rounded-md border border-line bg-surface px-3 text-sm text-ink aria-invalid:border-danger disabled:cursor-not-allowed disabled:text-ink-muted',
          className,
        )}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon aria-hidden="true">▾</RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-48 min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-line bg-surface shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                className="cursor-pointer rounded px-3 py-2 text-sm text-ink outline-none select-none data-[highlighted]:bg-brand-50"
              >
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
