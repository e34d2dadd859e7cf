import { extractErrorMessage, MESSAGES, UI_TEXTS } from '@casting/domain';
import { HttpError } from '../../lib/http/http-error';
import { paths } from '../../lib/routing/paths';
import { LinkButton } from '../../ui/link-button';

function describe(error: unknown): { title: string; text: string } {
  if (error instanceof HttpError && error.code === 'PROJECT_ACCESS_DENIED') {
    return { title: MESSAGES.projectAccessDenied, text: 'You are not on this project’s team.' };
  }
  if (error instanceof HttpError && error.status === 403) {
    return { title: 'Not available for your project role', text: extractErrorMessage(error) };
  }
  if (error instanceof HttpError && error.status === 404) {
    return { title: 'Project not found', text: 'The project does not exist or was removed.' };
  }
  return { title: UI_TEXTS.projectLoadFailed, text: extractErrorMessage(error) };
}

/** What a project page shows instead of the project when loading it failed. */
export function ProjectLoadError({ error }: { error: unknown }) {
  const { title, text } = describe(error);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      <p className="text-ink-muted">{text}</p>
      <LinkButton variant="primary" to={paths.projects}>
        {UI_TEXTS.backToProjects}
      </LinkButton>
    </section>
  );
}
