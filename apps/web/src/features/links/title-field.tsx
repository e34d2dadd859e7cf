import {
  LINK_TITLE_COUNTER_MAX,
  linkTitleCounterLevel,
  MESSAGES,
  TITLE_UNIQUENESS_DEBOUNCE_MS,
} from '@casting/domain';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../lib/search/search-term';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { cn } from '../../ui/cn';

/** Counter colours: yellow above 25 characters, orange above 30 (advisory, no hard limit). */
const COUNTER_CLASS = {
  normal: 'text-ink-muted',
  warning: 'text-warning',
  over: 'text-orange-700 dark:text-orange-300',
} as const;

export type TitleCheck = 'idle' | 'checking' | 'unique' | 'taken';

/**
 * The uniqueness of a title, asked once typing has paused for 500 ms. A failed check counts as "not
 * unique": creating must not go ahead on a title nobody could confirm. The title a link
 * already has (when editing) is its own and needs no check.
 */
export function useTitleCheck(
  title: string,
  check: (title: string, signal: AbortSignal) => Promise<boolean>,
  ownTitle?: string,
): TitleCheck {
  const trimmed = title.trim();
  const settled = useDebouncedValue(trimmed, TITLE_UNIQUENESS_DEBOUNCE_MS);
  const [result, setResult] = useState<{ title: string; unique: boolean } | null>(null);

  useEffect(() => {
    if (!settled || settled === ownTitle?.trim()) return;
    const controller = new AbortController();
    check(settled, controller.signal).then(
      (unique) => setResult({ title: settled, unique }),
      () => {
        if (!controller.signal.aborted) setResult({ title: settled, unique: false });
      },
    );
    return () => controller.abort();
  }, [settled, check, ownTitle]);

  if (!trimmed) return 'idle';
  if (trimmed === ownTitle?.trim()) return 'unique';
  if (trimmed !== settled || result?.title !== trimmed) return 'checking';
  return result.unique ? 'unique' : 'taken';
}

export interface TitleFieldProps {
  value: string;
  onChange(value: string): void;
  status: TitleCheck;
  /** The required-field message, shown once the person has tried to create. */
  showRequired: boolean;
}

export function TitleField({ value, onChange, status, showRequired }: TitleFieldProps) {
  const level = linkTitleCounterLevel(value);
  const error =
    status === 'taken'
      ? MESSAGES.linkTitleNotUnique
      : showRequired && !value.trim()
        ? MESSAGES.titleRequired
        : undefined;
  return (
    <Field
      required
      label="Title"
      error={error}
      hint={status === 'checking' ? 'Checking that the title is free…' : undefined}
    >
      {(props) => (
        <div className="relative">
          <Input
            {...props}
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className="pr-16"
          />
          <span
            className={cn(
              'absolute top-1/2 right-3 -translate-y-1/2 text-xs tabular-nums',
              COUNTER_CLASS[level],
            )}
          >
            {value.length}/{LINK_TITLE_COUNTER_MAX}
          </span>
        </div>
      )}
    </Field>
  );
}
