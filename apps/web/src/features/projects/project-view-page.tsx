import { paths } from '../../lib/routing/paths';
import { PermissionGate } from '../../ui/permission-gate';
import { ProjectDetails } from './project-details';
import { ProjectHeader } from './project-header';
import { LinkButton } from '../../ui/link-button';
import { ProjectWorkspace, useProjectIdParam } from './project-workspace';

/** /projectv2/view/:id: the project's details, read-only, with the way into its workspace. */
export function ProjectViewPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => (
        <div className="mx-auto flex max-w-5xl flex-col gap-6">
          <ProjectHeader project={project} detailsLink={false} />
          <nav aria-label="Project workspace" className="flex flex-wrap gap-2">
            <PermissionGate permission="PROJECT_PREVIEW">
              <LinkButton variant="primary" to={paths.project.overview(project.id)}>
                Open overview
              </LinkButton>
            </PermissionGate>
            <LinkButton to={paths.project.roles(project.id)}>Opportunities</LinkButton>
          </nav>
          <ProjectDetails project={project} />
        </div>
      )}
    </ProjectWorkspace>
  );
}
