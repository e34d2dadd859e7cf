import type { Option } from '@casting/domain';
import { Select as RadixSelect, Tooltip } from 'radix-ui';
import { UI_TEXTS } from '@casting/domain';
import { truncateName } from './truncate-name';

export interface RoleSelectProps {
  id?: string;
  options: readonly Option[];
  value: string | undefined;
  onValueChange(roleId: string): void;
  placeholder?: string;
}

/**
 * Chooses an opportunity. Long names are cut at 50 characters; the full name shows in a tooltip and
 * stays the option's accessible name and typeahead text.
 */
export function RoleSelect({
  id,
  options,
  value,
  onValueChange,
  placeholder = UI_TEXTS.selectOpportunity,
}: RoleSelectProps) {
  const selected = options.find((option) => option.value === value);
  const cut = selected ? truncateName(selected.label) !== selected.label : false;
  const trigger = (
    <RadixSelect.Trigger
      id={id}
      className="inline-flex min-h-10 w-full items-center justify-between gap-2 rounded-md border border-line bg-surface px-3 text-left text-sm text-ink"
    >
      <RadixSelect.Value placeholder={placeholder} />
      <RadixSelect.Icon aria-hidden="true">▾</RadixSelect.Icon>
    </RadixSelect.Trigger>
  );
  return (
    <RadixSelect.Root value={value ?? ''} onValueChange={onValueChange}>
      {cut && selected ? (
        <Tooltip.Provider delayDuration={300}>
          <Tooltip.Root>
            <Tooltip.Trigger asChild>{trigger}</Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content
                sideOffset={4}
                className="z-50 max-w-xs rounded-md bg-ink px-2 py-1 text-xs text-surface shadow"
              >
                {selected.label}
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </Tooltip.Provider>
      ) : (
        trigger
      )}
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-48 min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-line bg-surface shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => {
              const shown = truncateName(option.label);
              return (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  textValue={option.label}
                  // Named by the full name rather than the shortened text radix would point to.
                  aria-label={option.label}
                  aria-labelledby={undefined}
                  title={shown === option.label ? undefined : option.label}
                  className="cursor-pointer rounded px-3 py-2 text-sm text-ink outline-none select-none data-[highlighted]:bg-brand-50"
                >
                  <RadixSelect.ItemText>{shown}</RadixSelect.ItemText>
                </RadixSelect.Item>
              );
            })}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
