import { ACCESS_SCOPE_NAMES } from '@casting/domain';
import type { ProjectActor, ProjectSummary } from '@casting/domain';
import { Link } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { PermissionGate } from '../../ui/permission-gate';
import type { VirtualRowProps } from '../../ui/virtual-rows';
import { LinkButton } from '../../ui/link-button';

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
  const facts = [
    project.projectType?.label,
    project.projectStatus?.label,
    project.submissionDeadline ? `Submissions until ${project.submissionDeadline}` : null,
    `${project.opportunityCount} ${project.opportunityCount === 1 ? 'opportunity' : 'opportunities'}`,
    project.projectAccessScope ? `Your role: ${ACCESS_SCOPE_NAMES[project.projectAccessScope]}` : null,
  ].filter(Boolean);
  return (
    <li
      {...rowProps}
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 md:flex-row md:items-center md:justify-between"
    >
      <div className="min-w-0">
        <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
          <Link
            to={paths.project.overview(project.id)}
            className="break-words text-brand-700 hover:underline"
          >
            {project.name}
          </Link>
          {project.archived ? (
            <span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-medium text-ink-muted ring-1 ring-line">
              Archived
            </span>
          ) : null}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{facts.join(' · ')}</p>
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
