import {
  can,
  extractErrorMessage,
  ROSTER_MESSAGES,
  ROSTER_STATUS_LABELS,
  ROSTER_STATUSES,
  UI_TEXTS,
} from '@casting/domain';
import type { ProjectDetail, RosterEntry, RosterStatus } from '@casting/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { SkeletonList } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import type { StatusTone } from '../../ui/status-badge';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { opportunityOptionsQuery, rosterEntriesQuery, useLiveRoster } from './roster-api';
import { ConflictList, RosterChangeDialog, RosterReleaseDialog } from './roster-entry-dialog';

export const STATUS_TONE: Record<RosterStatus, StatusTone> = {
  AVAIL_CHECK: 'info',
  FIRST_HOLD: 'accent',
  SECOND_HOLD: 'warning',
  BOOKED: 'success',
  RELEASED: 'neutral',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const dates = (entry: { startDate: string | null; endDate: string | null }) =>
  entry.startDate ? `${entry.startDate} to ${entry.endDate ?? entry.startDate}` : 'No dates';

/** Who changed what and when, newest first; whether the talent was told. */
export function RosterHistory({ entry }: { entry: RosterEntry }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-brand-700">History ({entry.history.length})</summary>
      <ol className="mt-2 flex flex-col gap-1 border-l border-line pl-3">
        {entry.history.map((event) => (
          <li key={event.id}>
            <span className="font-medium text-ink">{ROSTER_STATUS_LABELS[event.status]}</span>
            <span className="text-ink-muted">
              {' '}
              · {dates(event)}
              {event.rate ? ` · ${event.rate}` : ''} · {event.actorName ?? UI_TEXTS.formerUser},{' '}
              {when.format(new Date(event.at))}
              {event.notify ? (event.notifiedAt ? ' · talent notified' : ' · notice on its way') : ''}
            </span>
            {event.note ? <p className="text-ink-muted">“{event.note}”</p> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

function EntryCard({
  entry,
  canManage,
  onChange,
  onRelease,
}: {
  entry: RosterEntry;
  canManage: boolean;
  onChange(): void;
  onRelease(): void;
}) {
  const name = `${entry.firstName} ${entry.lastName}`;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="font-medium break-words text-ink">{name}</h2>
          <p className="text-sm text-ink-muted">
            {entry.roleName}
            {entry.bookedAs ? ` · as ${entry.bookedAs}` : ''} · {dates(entry)}
            {entry.rate ? ` · ${entry.rate}` : ''}
          </p>
          <p className="text-xs text-ink-muted">
            Last change by {entry.updatedByName ?? 'a former user'}, {when.format(new Date(entry.updatedAt))}
          </p>
        </div>
        <StatusBadge tone={STATUS_TONE[entry.status]}>{ROSTER_STATUS_LABELS[entry.status]}</StatusBadge>
      </div>
      <ConflictList conflicts={entry.conflicts} />
      <RosterHistory entry={entry} />
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onChange} aria-label={`Change ${name}`}>
            {entry.status === 'RELEASED' ? 'Check, hold or book again' : 'Change'}
          </Button>
          {entry.status !== 'RELEASED' ? (
            <Button variant="secondary" onClick={onRelease} aria-label={`Release ${name}`}>
              Release
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

const ALL = 'all';

function RosterWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const canManage = can(project.projectActor, 'MANAGE_PROJECT_ROSTER');
  useLiveRoster(project.id);
  const [status, setStatus] = useState<RosterStatus | ''>('');
  const entries = useInfiniteQuery(rosterEntriesQuery(http, project.id, { status }));
  const roles = useQuery(opportunityOptionsQuery(http, project.id));
  const roleNames = Object.fromEntries((roles.data?.items ?? []).map((role) => [role.value, role.label]));
  const [dialog, setDialog] = useState<
    { kind: 'change'; entry: RosterEntry | null } | { kind: 'release'; entry: RosterEntry } | null
  >(null);
  const items = entries.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <ProjectHeader project={project} detailsLink={false} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-xl font-semibold text-ink">{ROSTER_MESSAGES.projectRosterTitle}</h1>
          <p className="text-sm text-ink-muted">
            Avail checks, holds, bookings and releases, with who changed what.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="w-48">
            <Field label="Status">
              {(control) => (
                <Select
                  {...control}
                  value={status || ALL}
                  onValueChange={(value) => setStatus(value === ALL ? '' : (value as RosterStatus))}
                  options={[
                    { value: ALL, label: 'Every status' },
                    ...ROSTER_STATUSES.map((value) => ({ value, label: ROSTER_STATUS_LABELS[value] })),
                  ]}
                />
              )}
            </Field>
          </div>
          {canManage ? (
            <Button onClick={() => setDialog({ kind: 'change', entry: null })}>Add to roster</Button>
          ) : null}
        </div>
      </div>
      {entries.isPending ? <SkeletonList label="Loading the project roster" /> : null}
      {entries.isError ? (
        <p role="alert" className="text-sm text-danger">
          {UI_TEXTS.rosterLoadFailed(extractErrorMessage(entries.error))}
        </p>
      ) : null}
      {entries.data && items.length === 0 ? (
        <EmptyState
          title="Nobody is on this project's roster yet."
          description={
            canManage ? 'Check a candidate’s availability, hold or book them to start.' : undefined
          }
        />
      ) : null}
      <ul
        aria-label={ROSTER_MESSAGES.projectRosterTitle}
        className="flex flex-col gap-3"
        aria-busy={entries.isFetching}
      >
        {items.map((entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            canManage={canManage}
            onChange={() => setDialog({ kind: 'change', entry })}
            onRelease={() => setDialog({ kind: 'release', entry })}
          />
        ))}
      </ul>
      {entries.hasNextPage ? (
        <Button variant="secondary" className="self-center" onClick={() => void entries.fetchNextPage()}>
          {UI_TEXTS.showMore}
        </Button>
      ) : null}
      {dialog?.kind === 'change' ? (
        <RosterChangeDialog
          projectId={project.id}
          entry={dialog.entry}
          roleNames={roleNames}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'release' ? (
        <RosterReleaseDialog projectId={project.id} entry={dialog.entry} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

/** /projects/:id/roster-management: the project's roster (reviewers read it, the project's staff change it). */
export function RosterManagementPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) =>
        can(project.projectActor, 'VIEW_PROJECT_ROSTER') ? (
          <RosterWorkspace project={project} />
        ) : (
          <p role="alert" className="text-sm text-danger">
            Your role in this project does not include the project roster.
          </p>
        )
      }
    </ProjectWorkspace>
  );
}
