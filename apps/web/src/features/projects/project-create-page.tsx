import { useNavigate } from 'react-router';
import { PAGE_TITLES } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { paths } from '../../lib/routing/paths';
import { ProjectForm } from './project-form';
import { EMPTY_PROJECT_FORM } from './project-form-values';
import { useCreateProject } from './projects-api';

/** /projectv2/create: a new project; its creator becomes the owner and lands on its opportunities. */
export function ProjectCreatePage() {
  const navigate = useNavigate();
  const create = useCreateProject();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">{PAGE_TITLES.newProject}</h1>
      <ProjectForm
        defaultValues={EMPTY_PROJECT_FORM}
        submitLabel="Create project"
        cancelTo={paths.projects}
        onSubmit={async (input) => {
          const project = await create.mutateAsync(input);
          toast.success(`Project “${project.name}” created`);
          await navigate(paths.project.roles(project.id));
        }}
      />
    </div>
  );
}
