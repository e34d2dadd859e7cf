import { extractErrorMessage, ROSTER_MESSAGES, ROSTER_STATUS_LABELS, UI_TEXTS } from '@casting/domain';
import type { RosterPerson } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FormEvent } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { paths } from '../../lib/routing/paths';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { TextArea } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { accessedProjectsQuery } from '../projects';
import {
  opportunityOptionsQuery,
  personQuery,
  useAddNote,
  useAddToOpportunity,
  useDeleteNote,
  useOpenChatThread,
  useTagPerson,
  useUntagPerson,
} from './roster-api';

const VOTE_WORDS: Record<string, string> = { UP_VOTE: 'Yes', DOWN_VOTE: 'No', MAYBE: 'Maybe' };
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      {children}
    </section>
  );
}

type Application = RosterPerson['applications'][number];
const CLIENT_VOTE_WORDS: Record<string, string> = { YES: 'Yes', NO: 'No', MAYBE: 'Maybe' };

/** The comments left on the person's submissions in one project (client review feedback), read-only here. */
function ApplicationComments({ application }: { application: Application }) {
  if (application.comments.length === 0) return null;
  return (
    <div className="mt-2 flex flex-col gap-1">
      <p className="font-medium text-ink">Comments</p>
      <ul className="flex flex-col gap-1">
        {application.comments.map((comment) => (
          <li key={`${comment.submissionId}-${comment.authorName}-${comment.at}`} className="text-ink">
            <span className="whitespace-pre-wrap">“{comment.comment}”</span>
            <span className="text-ink-muted">
              {' '}
              · {comment.authorName} on {comment.roleName}
              {comment.vote ? ` (${CLIENT_VOTE_WORDS[comment.vote]})` : ''} ·{' '}
              {when.format(new Date(comment.at))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The project's chat with the person: a link to the thread, or "Start a chat" that opens one (the chat module makes
 * a thread on first use). Everyone who sees an application here may chat in its project (SA PO PE TE).
 */
function ChatLink({ application }: { application: Application }) {
  const open = useOpenChatThread();
  const navigate = useNavigate();
  if (application.chatThreadId) {
    return (
      <p className="mt-2">
        <Link
          to={paths.project.chat(application.projectId, { threadId: application.chatThreadId })}
          className="text-brand-700 underline"
        >
          Open the chat in {application.projectName}
        </Link>
      </p>
    );
  }
  return (
    <div className="mt-2">
      <Button
        variant="secondary"
        disabled={open.isPending}
        onClick={() =>
          open.mutate(application, {
            onSuccess: (thread) =>
              void navigate(paths.project.chat(application.projectId, { threadId: thread.id })),
            onError: toastError,
          })
        }
      >
        Start a chat in {application.projectName}
      </Button>
    </div>
  );
}

function TagEditor({ person }: { person: RosterPerson }) {
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

function Notes({ person }: { person: RosterPerson }) {
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
          Add note
        </Button>
      </form>
      <ul className="flex flex-col gap-2">
        {person.notes.map((note) => (
          <li key={note.id} className="rounded-md border border-line p-2 text-sm">
            <p className="break-words whitespace-pre-wrap text-ink">{note.body}</p>
            <div className="mt-1 flex items-center justify-between gap-2 text-xs text-ink-muted">
              <span>
                {note.authorName ?? UI_TEXTS.formerUser} · {when.format(new Date(note.createdAt))}
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

/** Add to an opportunity: a project the caller is on, then one of its opportunities. */
function AddToOpportunity({ person }: { person: RosterPerson }) {
  const http = useHttpClient();
  const [projectId, setProjectId] = useState('');
  const [roleId, setRoleId] = useState('');
  const [projectSearch, setProjectSearch] = useState('');
  const deferredSearch = useDeferredValue(projectSearch.trim());
  const projects = useQuery(accessedProjectsQuery(http, deferredSearch, ''));
  const roles = useQuery(opportunityOptionsQuery(http, projectId));
  const add = useAddToOpportunity();
  return (
    <Section title="Add to an opportunity">
      <Field label={UI_TEXTS.findProject} hint="Your projects; type to narrow the list">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={projectSearch}
            onChange={(event) => setProjectSearch(event.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-2 sm:grid-cols-2">
        <Field label="Project">
          {(control) => (
            <Select
              {...control}
              value={projectId || undefined}
              placeholder={UI_TEXTS.chooseProject}
              onValueChange={(value) => {
                setProjectId(value);
                setRoleId('');
              }}
              options={(projects.data?.items ?? [])
                .filter((project) => !project.archived)
                .map((project) => ({ value: project.id, label: project.name }))}
            />
          )}
        </Field>
        <Field label="Opportunity">
          {(control) => (
            <Select
              {...control}
              value={roleId || undefined}
              placeholder={projectId ? UI_TEXTS.chooseOpportunity : UI_TEXTS.chooseProjectFirst}
              disabled={!projectId}
              onValueChange={setRoleId}
              options={(roles.data?.items ?? []).map((role) => ({ value: role.value, label: role.label }))}
            />
          )}
        </Field>
      </div>
      <Button
        className="self-start"
        disabled={!roleId || add.isPending}
        onClick={() =>
          add.mutate(
            { personId: person.id, roleId },
            {
              onSuccess: (result) =>
                toast.success(
                  result.createdSubmission
                    ? ROSTER_MESSAGES.added
                    : 'Already a candidate of this opportunity.',
                ),
              onError: toastError,
            },
          )
        }
      >
        {add.isPending ? 'Adding…' : 'Add to the opportunity'}
      </Button>
    </Section>
  );
}

function Profile({ person, onOpenPerson }: { person: RosterPerson; onOpenPerson(id: string): void }) {
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">E-mail</dt>
        <dd className="break-all text-ink">{person.email ?? '—'}</dd>
        <dt className="text-ink-muted">Phone</dt>
        <dd className="text-ink">{person.phone ?? '—'}</dd>
        <dt className="text-ink-muted">Born</dt>
        <dd className="text-ink">
          {person.dateOfBirth ? `${person.dateOfBirth} (${person.age} years)` : '—'}
        </dd>
        <dt className="text-ink-muted">Location</dt>
        <dd className="text-ink">{person.location ?? '—'}</dd>
        {person.skills.length > 0 ? (
          <>
            <dt className="text-ink-muted">Skills</dt>
            <dd className="text-ink">{person.skills.join(', ')}</dd>
          </>
        ) : null}
      </dl>

      {person.likelyDuplicates.length > 0 ? (
        <Section title={UI_TEXTS.likelyDuplicates}>
          <p className="text-sm text-ink-muted">
            Same name and date of birth. Compare and merge from Likely duplicates.
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            {person.likelyDuplicates.map((other) => (
              <li key={other.id}>
                <button
                  type="button"
                  className="text-brand-700 hover:underline"
                  onClick={() => onOpenPerson(other.id)}
                >
                  {other.firstName} {other.lastName} ({other.email ?? 'no e-mail'})
                </button>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="Applications">
        {person.applications.length === 0 ? (
          <p className="text-sm text-ink-muted">No applications in projects you review.</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {person.applications.map((application) => (
            <li key={application.applicantId} className="rounded-md border border-line p-3 text-sm">
              <p className="font-medium text-ink">{application.projectName}</p>
              {application.projectTags.length > 0 ? (
                <p className="text-ink-muted">
                  Tags: {application.projectTags.map((tag) => tag.name).join(', ')}
                </p>
              ) : null}
              <ul className="mt-2 flex flex-col gap-1">
                {application.submissions.map((submission) => (
                  <li key={submission.id}>
                    <span className="text-ink">{submission.roleName}</span>
                    <span className="text-ink-muted">
                      {' '}
                      · submitted {submission.submittedAt.slice(0, 10)}
                      {submission.rosterStatus ? ` · ${ROSTER_STATUS_LABELS[submission.rosterStatus]}` : ''}
                      {submission.votes.length > 0
                        ? ` · votes: ${submission.votes.map((vote) => `${vote.userName} ${VOTE_WORDS[vote.vote] ?? vote.vote}`).join(', ')}`
                        : ''}
                    </span>
                  </li>
                ))}
              </ul>
              {application.media.length > 0 ? (
                <p className="mt-1 text-ink-muted">
                  Media: {application.media.map((media) => media.name).join(', ')}
                </p>
              ) : null}
              <ApplicationComments application={application} />
              <ChatLink application={application} />
            </li>
          ))}
        </ul>
        {person.hiddenApplications > 0 ? (
          <p className="text-sm text-ink-muted">
            {person.hiddenApplications === 1
              ? '1 more application in a project you are not on.'
              : `${person.hiddenApplications} more applications in projects you are not on.`}
          </p>
        ) : null}
      </Section>

      <TagEditor person={person} />
      <Notes person={person} />
      <AddToOpportunity person={person} />
    </div>
  );
}

/** A person of the roster: details, office tags and notes, applications across projects, add to an opportunity. */
export function PersonDialog({
  personId,
  onClose,
  onOpenPerson,
}: {
  personId: string;
  onClose(): void;
  onOpenPerson(id: string): void;
}) {
  const http = useHttpClient();
  const person = useQuery(personQuery(http, personId));
  const title = person.data ? `${person.data.firstName} ${person.data.lastName}` : 'Person';
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())} title={title} width={760}>
      <div className="pt-4">
        {person.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading the person</span>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : person.isError ? (
          <p role="alert" className="text-sm text-danger">
            {extractErrorMessage(person.error)}
          </p>
        ) : (
          <Profile person={person.data} onOpenPerson={onOpenPerson} />
        )}
      </div>
    </Dialog>
  );
}
