import { ACCESS_SCOPE_NAMES } from '@casting/domain';
import type { ProjectActor, ProjectSummary } from '@casting/domain';
import { Link } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { PermissionGate } from '../../ui/permission-gate';
import { StatusBadge } from '../../ui/status-badge';
import { deadlineStanding, deadlineText, localToday } from './deadline-standing';
import type { VirtualRowProps } from '../../ui/virtual-rows';
import { LinkButton } from '../../ui/link-button';

/** Cover colours, all dark enough under nothing and distinct from each other; picked by the id. */
const COVERS = ['#4f46e5', '#0891b2', '#c026d3', '#ea580c', '#16a34a', '#db2777', '#2563eb', '#ca8a04'];

function coverColour(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COVERS[hash % COVERS.length] ?? COVERS[0]!;
}

const count = new Intl.NumberFormat('en');

/** '1 submission', '12 submissions', or '1,000+ submissions' where the list stopped counting. */
export function submissionsText(project: Pick<ProjectSummary, 'submissionCount' | 'submissionCountCapped'>) {
  const n = project.submissionCount;
  if (project.submissionCountCapped) return `${count.format(n)}+ submissions`;
  return `${count.format(n)} ${n === 1 ? 'submission' : 'submissions'}`;
}

export interface ProjectRowProps {
  project: ProjectSummary;
  actor: ProjectActor | null;
  archiving: boolean;
  onArchive(project: ProjectSummary, archived: boolean): void;
  /** From the list: lets a long list measure the row and tells its place. */
  rowProps?: VirtualRowProps & { 'aria-posinset'?: number; 'aria-setsize'?: number };
}

/** One project in the list: what it is, the viewer's role in it, and what they may do to it. */
export function ProjectRow({ project, actor, archiving, onArchive, rowProps }: ProjectRowProps) {
  const deadline = deadlineStanding(project.submissionDeadline, localToday());
  const facts = [
    project.projectType?.label,
    `${project.opportunityCount} ${project.opportunityCount === 1 ? 'opportunity' : 'opportunities'}`,
    submissionsText(project),
    project.projectAccessScope ? `Your role: ${ACCESS_SCOPE_NAMES[project.projectAccessScope]}` : null,
  ].filter(Boolean);
  return (
    <li
      {...rowProps}
      className="relative flex flex-col gap-3 overflow-hidden rounded-xl border border-line bg-surface p-4 pl-6 shadow-sm md:flex-row md:items-center md:justify-between"
    >
      {/* A cover colour per project (stable, from its id) so cards are told apart at a glance. */}
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 w-1.5"
        style={{ background: coverColour(project.id) }}
      />
      <div className="min-w-0">
        <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
          <Link
            to={paths.project.overview(project.id)}
            className="break-words text-brand-700 hover:underline"
          >
            {project.name}
          </Link>
          {project.archived ? <StatusBadge>Archived</StatusBadge> : null}
        </h2>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {project.projectStatus ? (
            <StatusBadge tone="accent">{project.projectStatus.label}</StatusBadge>
          ) : null}
          {deadline.kind !== 'none' ? (
            <StatusBadge
              tone={deadline.kind === 'soon' ? 'warning' : deadline.kind === 'passed' ? 'danger' : 'neutral'}
            >
              {deadlineText(deadline)}
            </StatusBadge>
          ) : null}
          <span className="text-sm text-ink-muted">{facts.join(' · ')}</span>
        </div>
        <p className="text-xs text-ink-muted">Owner: {project.owner.fullName}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <PermissionGate permission="MANAGE_PROJECT" actor={actor}>
          <LinkButton to={paths.projectV2.edit(project.id)} aria-label={`Edit ${project.name}`}>
            Edit
          </LinkButton>
          <Button
            variant="secondary"
            disabled={archiving}
            aria-label={`${project.archived ? 'Unarchive' : 'Archive'} ${project.name}`}
            onClick={() => onArchive(project, !project.archived)}
          >
            {project.archived ? 'Unarchive' : 'Archive'}
          </Button>
        </PermissionGate>
      </div>
    </li>
  );
}
