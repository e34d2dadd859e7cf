import { EDITABLE_LABEL_AUTOFOCUS_MS, extractErrorMessage } from '@casting/domain';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { usePageShortcuts } from '../lib/shortcuts/page-shortcuts';
import type { Shortcut } from '../lib/shortcuts/page-shortcuts';
import { cn } from './cn';

/** What the label answers, listed by '?' on every page that shows one. */
const EDITING_SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Enter'], what: 'Save a name you are editing' },
  { keys: ['Esc'], what: 'Stop editing a name without saving' },
];

export interface EditableLabelProps {
  value: string;
  /** Accessible name of the text box while editing, e.g. 'Folder name'. */
  inputLabel: string;
  /** Accessible name of the label in display mode, e.g. 'Rename folder Callbacks'. */
  editLabel: string;
  /** Persists a changed value; a rejection brings the editor back with the error under it. */
  onSave(next: string): Promise<void> | void;
  /** A message when the value cannot be saved as is, e.g. 'Folder name is required'. */
  validate?(next: string): string | null;
  /** Starts in edit mode and takes focus after 500 ms, e.g. for a row just added. */
  autoFocus?: boolean;
  /** Escape pressed: called after the edit is abandoned. */
  onCancel?(): void;
  className?: string;
}

/**
 * A text shown as a label that turns into a text box on click: Enter or Tab save,
 * Escape cancels, leaving the box saves, and a dot marks a change not saved yet.
 */
export function EditableLabel({
  value,
  inputLabel,
  editLabel,
  onSave,
  validate,
  autoFocus = false,
  onCancel,
  className,
}: EditableLabelProps) {
  const [editing, setEditing] = useState(autoFocus);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Enter or Tab save and then the box loses focus: the blur must not save a second time.
  const settled = useRef(false);
  // Set by a click on the label: the text box takes focus as soon as it exists.
  const focusWhenShown = useRef(false);
  const errorId = useId();
  usePageShortcuts(EDITING_SHORTCUTS);

  useEffect(() => {
    if (editing && focusWhenShown.current) {
      focusWhenShown.current = false;
      inputRef.current?.focus();
    }
  }, [editing]);

  useEffect(() => {
    if (!autoFocus) return;
    const timer = setTimeout(() => inputRef.current?.focus(), EDITABLE_LABEL_AUTOFOCUS_MS);
    return () => clearTimeout(timer);
  }, [autoFocus]);

  const startEditing = () => {
    settled.current = false;
    focusWhenShown.current = true;
    setDraft(value);
    setError(null);
    setEditing(true);
  };

  const commit = async () => {
    if (settled.current) return;
    const next = draft.trim();
    // An empty label that stays empty (a row just added) still goes through validation.
    if (next === value && next !== '') {
      settled.current = true;
      setEditing(false);
      return;
    }
    const problem = validate?.(next) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    settled.current = true;
    setEditing(false);
    setSaving(next);
    try {
      await onSave(next);
    } catch (failure) {
      settled.current = false;
      setDraft(next);
      setError(extractErrorMessage(failure));
      setEditing(true);
    } finally {
      setSaving(null);
    }
  };

  const cancel = () => {
    settled.current = true;
    setDraft(value);
    setError(null);
    setEditing(false);
    onCancel?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Tab') {
      // Focus moves on as usual; the value is saved on the way out.
      void commit();
    } else if (event.key === 'Escape') {
      // Only the edit is cancelled, not a dialog the label sits in.
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  if (!editing) {
    return (
      <button
        type="button"
        aria-label={editLabel}
        aria-busy={saving !== null}
        title="Click to rename"
        onClick={startEditing}
        className={cn(
          'min-h-8 max-w-full truncate rounded px-1 text-left text-sm text-ink hover:bg-brand-50',
          className,
        )}
      >
        {saving ?? value}
      </button>
    );
  }

  const changed = draft.trim() !== value;
  return (
    <span className={cn('inline-flex max-w-full flex-col gap-1', className)}>
      <span className="inline-flex items-center gap-2">
        <input
          ref={inputRef}
          aria-label={inputLabel}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => void commit()}
          className="min-h-8 w-full min-w-0 rounded border border-line bg-surface px-2 text-sm text-ink aria-invalid:border-danger"
        />
        {changed ? (
          <span className="inline-flex shrink-0 items-center">
            <span aria-hidden="true" className="size-2 rounded-full bg-accent" />
            <span className="sr-only">Unsaved change</span>
          </span>
        ) : null}
      </span>
      {error ? (
        <span id={errorId} className="text-xs text-danger">
          {error}
        </span>
      ) : null}
    </span>
  );
}
