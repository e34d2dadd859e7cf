import { NOTE_TEXTS, ROSTER_MESSAGES, UI_TEXTS } from '@casting/domain';
import type { RosterPerson } from '@casting/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { toastError } from '../../lib/http/toast-error';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { TextArea } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { useAddNote, useDeleteNote, useTagPerson, useUntagPerson } from './roster-api';
import { dateTime, Section } from './person-section';

/** The office's own tags on the person: listed, removed one by one, added by name. */
export function TagEditor({ person }: { person: RosterPerson }) {
  const [name, setName] = useState('');
  const tag = useTagPerson();
  const untag = useUntagPerson();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    tag.mutate(
      { personId: person.id, name: name.trim() },
      { onSuccess: () => setName(''), onError: toastError },
    );
  };
  return (
    <Section title="Office tags">
      {person.tags.length === 0 ? <p className="text-sm text-ink-muted">No office tags yet.</p> : null}
      <ul className="flex flex-wrap gap-1">
        {person.tags.map((item) => (
          <li
            key={item.id}
            className="flex items-center gap-1 rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-800"
          >
            {item.name}
            <button
              type="button"
              aria-label={`Remove the tag ${item.name}`}
              className="min-h-6 min-w-6 rounded hover:bg-brand-100"
              onClick={() => untag.mutate({ personId: person.id, tagId: item.id }, { onError: toastError })}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field label="New office tag">
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={50}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
        </div>
        <Button type="submit" variant="secondary" disabled={tag.isPending || !name.trim()}>
          Add tag
        </Button>
      </form>
    </Section>
  );
}

/** The office's notes on the person; a note is deleted by its author or a super admin. */
export function Notes({ person }: { person: RosterPerson }) {
  const { user } = useAuth();
  const [body, setBody] = useState('');
  const add = useAddNote();
  const remove = useDeleteNote();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(
      { personId: person.id, body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          toast.success(ROSTER_MESSAGES.noteAdded);
        },
        onError: toastError,
      },
    );
  };
  return (
    <Section title="Office notes">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Field label="New note">
          {(control) => (
            <TextArea
              {...control}
              rows={2}
              maxLength={4000}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          variant="secondary"
          className="self-start"
          disabled={add.isPending || !body.trim()}
        >
          {NOTE_TEXTS.add}
        </Button>
      </form>
      <ul className="flex flex-col gap-2">
        {person.notes.map((note) => (
          <li key={note.id} className="rounded-md border border-line p-2 text-sm">
            <p className="break-words whitespace-pre-wrap text-ink">{note.body}</p>
            <div className="mt-1 flex items-center justify-between gap-2 text-xs text-ink-muted">
              <span>
                {note.authorName ?? UI_TEXTS.formerUser} · {dateTime.format(new Date(note.createdAt))}
              </span>
              {note.authorId === user?.id || user?.role.code === 'SUPER_ADMIN' ? (
                <Button
                  variant="ghost"
                  aria-label="Delete this note"
                  onClick={() =>
                    remove.mutate({ personId: person.id, noteId: note.id }, { onError: toastError })
                  }
                >
                  Delete
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
