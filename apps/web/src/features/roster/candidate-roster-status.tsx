import { can, ROSTER_STATUS_LABELS, ROSTER_MESSAGES } from '@casting/domain';
import type { ApplicantListItem, ProjectActor } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { cn } from '../../ui/cn';
import { StatusBadge } from '../../ui/status-badge';
import { rosterEntriesQuery, useLiveRoster } from './roster-api';
import { ConflictList } from './roster-entry-dialog';
import { RosterHistory, STATUS_TONE } from './roster-management-page';

/**
 * A candidate's roster standing as a pill ("First hold · 2027-06-18 to 2027-06-25"), for the workspace's rows and the
 * candidate card. The list answers it per row (null for actors who may not read the roster), so nothing is fetched.
 */
export function RosterStatusBadge({
  roster,
  className,
}: {
  roster: ApplicantListItem['roster'];
  className?: string;
}) {
  if (!roster) return null;
  const dates =
    roster.startDate && roster.status !== 'RELEASED'
      ? roster.endDate && roster.endDate !== roster.startDate
        ? `${roster.startDate} to ${roster.endDate}`
        : roster.startDate
      : null;
  // The dates sit beside the pill, not in it, so a narrow row (375 px) wraps them instead of overflowing.
  return (
    <span className={cn('flex max-w-full flex-wrap items-center gap-x-1 text-xs', className)}>
      <StatusBadge tone={STATUS_TONE[roster.status]}>
        <span className="sr-only">Roster: </span>
        {ROSTER_STATUS_LABELS[roster.status]}
      </StatusBadge>{' '}
      {dates ? <span className="text-ink-muted">{`· ${dates}`}</span> : null}
    </span>
  );
}

/**
 * The candidate's standing on the project roster, for the candidate preview in the workspace: each opportunity's
 * status with its dates, conflicts and history. Shown only to actors who may read the project roster.
 */
export function CandidateRosterStatus({
  projectId,
  applicantId,
  actor,
}: {
  projectId: string;
  applicantId: string;
  actor: ProjectActor | null;
}) {
  if (!can(actor, 'VIEW_PROJECT_ROSTER')) return null;
  return <RosterStatus projectId={projectId} applicantId={applicantId} />;
}

function RosterStatus({ projectId, applicantId }: { projectId: string; applicantId: string }) {
  const http = useHttpClient();
  const entries = useInfiniteQuery(rosterEntriesQuery(http, projectId, { applicantId }));
  useLiveRoster(projectId);
  const items = entries.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="candidate-roster-heading" className="flex flex-col gap-2">
      <h3 id="candidate-roster-heading" className="text-sm font-semibold text-ink">
        {ROSTER_MESSAGES.projectRosterTitle}
      </h3>
      {entries.isPending ? <p className="text-sm text-ink-muted">Loading…</p> : null}
      {entries.isError ? (
        <p role="alert" className="text-sm text-danger">
          The roster status could not be loaded. Reload the page to try again.
        </p>
      ) : null}
      {entries.data && items.length === 0 ? (
        <p className="text-sm text-ink-muted">Not checked, held or booked.</p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {items.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 rounded-md border border-line p-2 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge tone={STATUS_TONE[entry.status]}>{ROSTER_STATUS_LABELS[entry.status]}</StatusBadge>
              <span className="text-ink">{entry.roleName}</span>
              <span className="text-ink-muted">
                {entry.startDate ? `${entry.startDate} to ${entry.endDate}` : ''}
              </span>
            </div>
            <ConflictList conflicts={entry.conflicts} />
            <RosterHistory entry={entry} />
          </li>
        ))}
      </ul>
      <Link to={paths.project.rosterManagement(projectId)} className="text-sm text-brand-700 hover:underline">
        Open the project roster
      </Link>
    </section>
  );
}
