import type { ProjectDetail } from '@casting/domain';
import { PAGE_TITLES } from '@casting/domain';
import { paths } from '../../lib/routing/paths';
import { PermissionGate } from '../../ui/permission-gate';
import { TeamButton } from '../team';
import { LinkButton } from '../../ui/link-button';

/** The project's name and the actions every workspace page offers, each shown only to those allowed. */
export function ProjectHeader({
  project,
  detailsLink = true,
}: {
  project: ProjectDetail;
  detailsLink?: boolean;
}) {
  return (
    <header className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <p className="text-sm text-ink-muted">{project.projectType?.label ?? 'Project'}</p>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold break-words text-ink">
          {project.name}
          {project.archived ? (
            <span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-medium text-ink-muted ring-1 ring-line">
              Archived
            </span>
          ) : null}
        </h1>
      </div>
      <div className="flex flex-wrap gap-2">
        <TeamButton
          projectId={project.id}
          actor={project.projectActor}
          viewerScope={project.projectAccessScope}
        />
        <PermissionGate permission="MANAGE_PROJECT">
          <LinkButton to={paths.projectV2.edit(project.id)}>{PAGE_TITLES.editProject}</LinkButton>
        </PermissionGate>
        {detailsLink ? (
          <LinkButton to={paths.projectV2.view(project.id)}>{PAGE_TITLES.projectDetails}</LinkButton>
        ) : null}
      </div>
    </header>
  );
}
