import { can, extractErrorMessage, MESSAGES, UI_TEXTS } from '@casting/domain';
import type { ProjectDetail } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { EmptyState } from '../../ui/empty-state';
import { LinkButton } from '../../ui/link-button';
import { SkeletonList } from '../../ui/skeleton';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { templatesQuery } from './email-api';
import { SendHistory } from './send-history';

/** /projects/:id/email-templates: the project's templates and the e-mails sent from it. */
export function EmailTemplatesPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <TemplatesWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

function TemplatesWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const allowed = can(project.projectActor, 'CANDIDATE_SEND_EMAIL');
  const mayEdit = can(project.projectActor, 'MANAGE_EMAIL_TEMPLATES');
  const templates = useQuery({ ...templatesQuery(http, project.id), enabled: allowed });

  if (!allowed) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <ProjectHeader project={project} />
        <p role="alert" className="text-sm text-danger">
          {UI_TEXTS.emailingNotAllowed}
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <ProjectHeader project={project} />
      <section aria-labelledby="templates-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="templates-heading" className="text-lg font-semibold text-ink">
            E-mail templates
          </h2>
          {mayEdit ? (
            <LinkButton variant="primary" to={paths.project.newEmailTemplate(project.id)}>
              New template
            </LinkButton>
          ) : null}
        </div>
        {templates.isPending ? (
          <SkeletonList label="Loading templates" rows={4} />
        ) : templates.isError ? (
          <p role="alert" className="text-sm text-danger">
            {MESSAGES.errorLoadingData(extractErrorMessage(templates.error))}
          </p>
        ) : templates.data.items.length === 0 ? (
          <EmptyState
            title="No templates yet."
            description="Write the messages your team sends often, with merge fields for each candidate's details."
          />
        ) : (
          <ul
            className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface"
            aria-label="E-mail templates"
          >
            {templates.data.items.map((template) => (
              <li
                key={template.id}
                className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium text-ink">{template.name}</p>
                  <p className="truncate text-sm text-ink-muted">{template.subject}</p>
                </div>
                <LinkButton
                  to={paths.project.emailTemplate(project.id, template.id)}
                  aria-label={`${mayEdit ? 'Edit' : 'View'} ${template.name}`}
                >
                  {mayEdit ? 'Edit' : 'View'}
                </LinkButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <SendHistory projectId={project.id} />
    </div>
  );
}
