import { useId, useState } from 'react';
import type { FormEvent, Ref } from 'react';
import { NOTE_BODY_MAX, NOTE_TEXTS, NOTE_VISIBILITIES } from '@casting/domain';
import type { Note, NoteVisibility } from '@casting/domain';
import { formatMoment } from '../../lib/format/moment';
import { toastError } from '../../lib/http/toast-error';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { useChangeNote, useCreateNote, type NewNote, type NotesTarget } from './notes-api';

/** 7000 ms as a tape's clock reads it: '0:07' (and '1:02:03' past an hour). */
export function formatOffset(offsetMs: number): string {
  const total = Math.floor(offsetMs / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const FIELD =
  'w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-muted';

/**
 * Writing a note: the text and, for the team, who may read it. `at` makes it time-coded on a tape (the label says
 * the time); after a note is added the form empties and says so to screen readers.
 */
export function NoteForm({
  target,
  at,
  onDone,
  textareaRef,
  dark = false,
}: {
  target: NotesTarget;
  at?: { mediaId: string; offsetMs: number };
  onDone?(): void;
  textareaRef?: Ref<HTMLTextAreaElement>;
  dark?: boolean;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<NoteVisibility>('TEAM');
  const create = useCreateNote(target);
  const label = at ? NOTE_TEXTS.addAtTime(formatOffset(at.offsetMs)) : NOTE_TEXTS.write;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    const note: NewNote = { body, visibility, ...(at ? { mediaId: at.mediaId, offsetMs: at.offsetMs } : {}) };
    create.mutate(note, {
      onSuccess: () => {
        setBody('');
        onDone?.();
      },
      onError: toastError,
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${id}-body`} className={cn('text-sm font-medium', dark ? 'text-white' : 'text-ink')}>
        {label}
      </label>
      <textarea
        id={`${id}-body`}
        ref={textareaRef}
        value={body}
        maxLength={NOTE_BODY_MAX}
        rows={2}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          // Enter with Ctrl or ⌘ adds the note without leaving the keyboard.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
          if (event.key === 'Escape' && onDone) {
            event.stopPropagation();
            onDone();
          }
        }}
        className={FIELD}
      />
      <div className="flex flex-wrap items-end gap-2">
        {target.team ? (
          <label className={cn('flex flex-col gap-1 text-xs', dark ? 'text-white/80' : 'text-ink-muted')}>
            {NOTE_TEXTS.visibility}
            <select
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as NoteVisibility)}
              className="min-h-10 rounded-md border border-line bg-surface px-2 text-sm text-ink"
            >
              {NOTE_VISIBILITIES.map((value) => (
                <option key={value} value={value}>
                  {NOTE_TEXTS.visibilityNames[value]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Button type="submit" disabled={create.isPending || !body.trim()}>
          {create.isPending ? NOTE_TEXTS.adding : NOTE_TEXTS.add}
        </Button>
        {onDone ? (
          <Button variant={dark ? 'secondary' : 'ghost'} onClick={onDone}>
            {NOTE_TEXTS.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Author, time in the reader's zone (named) and visibility of a note. */
export function noteMeta(note: Note): string {
  const author = note.byClient ? `${note.authorName} (${NOTE_TEXTS.byClient})` : note.authorName;
  const edited = note.updatedAt !== note.createdAt ? ` · ${NOTE_TEXTS.edited}` : '';
  return (
    NOTE_TEXTS.meta(author, formatMoment(note.createdAt), NOTE_TEXTS.visibilityNames[note.visibility]) +
    edited
  );
}

/** One note in a list: its text and meta; the author (on the team) may edit or delete it. */
export function NoteItem({
  note,
  target,
  dark = false,
}: {
  note: Note;
  target: NotesTarget;
  dark?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.body);
  const { update, remove } = useChangeNote(target);
  const editable = target.team && note.mine;
  const small = cn('min-h-8 px-2 text-xs', dark && 'text-white hover:bg-white/10');
  return (
    <article className="flex flex-col gap-1" data-testid="note">
      <p className={cn('text-xs', dark ? 'text-white/70' : 'text-ink-muted')}>{noteMeta(note)}</p>
      {editing ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(
              { id: note.id, body: draft },
              { onSuccess: () => setEditing(false), onError: toastError },
            );
          }}
        >
          <label className="sr-only" htmlFor={`edit-${note.id}`}>
            {NOTE_TEXTS.edit}
          </label>
          <textarea
            id={`edit-${note.id}`}
            value={draft}
            maxLength={NOTE_BODY_MAX}
            onChange={(event) => setDraft(event.target.value)}
            className={FIELD}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={update.isPending || !draft.trim()}>
              {NOTE_TEXTS.save}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {NOTE_TEXTS.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <p className={cn('whitespace-pre-wrap break-words text-sm', dark ? 'text-white' : 'text-ink')}>
          {note.body}
        </p>
      )}
      {editable && !editing ? (
        <div className="flex gap-1">
          <Button variant="ghost" className={small} onClick={() => setEditing(true)}>
            {NOTE_TEXTS.edit}
          </Button>
          <Button
            variant="ghost"
            className={small}
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(NOTE_TEXTS.deleteConfirm)) remove.mutate(note.id, { onError: toastError });
            }}
          >
            {NOTE_TEXTS.delete}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
