import type { ProjectDetail } from '@casting/domain';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast/toast';
import { paths } from '../../lib/routing/paths';
import { PermissionGate } from '../../ui/permission-gate';
import { ProjectForm } from './project-form';
import { projectFormValues } from './project-form-values';
import { ProjectWorkspace, useProjectIdParam } from './project-workspace';
import { useUpdateProject } from './projects-api';

/** /projectv2/edit/:id: every field of the project, for those who may manage it. */
export function ProjectEditPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => (
        <PermissionGate
          permission="MANAGE_PROJECT"
          fallback={
            <p role="alert" className="mx-auto max-w-md py-16 text-center text-ink-muted">
              Your project role does not allow editing this project.
            </p>
          }
        >
          <EditForm project={project} />
        </PermissionGate>
      )}
    </ProjectWorkspace>
  );
}

function EditForm({ project }: { project: ProjectDetail }) {
  const navigate = useNavigate();
  const update = useUpdateProject(project.id);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold break-words text-ink">Edit {project.name}</h1>
      <ProjectForm
        key={project.version}
        defaultValues={projectFormValues(project)}
        submitLabel="Save project"
        cancelTo={paths.projectV2.view(project.id)}
        onSubmit={async (input) => {
          // The version makes the API refuse a save over someone else's newer change.
          const saved = await update.mutateAsync({ ...input, version: project.version });
          toast.success(`Project “${saved.name}” saved`);
          await navigate(paths.projectV2.view(saved.id));
        }}
      />
    </div>
  );
}
