import { UI_TEXTS, PAGE_TITLES } from '@casting/domain';
import { paths } from '../../lib/routing/paths';
import { LinkButton } from '../../ui/link-button';

/** Shown for /404, for unknown paths (redirected here) and for a route whose page is not written (none today). */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold text-ink">{PAGE_TITLES.pageNotFound}</h1>
      <p className="text-ink-muted">The page you are looking for does not exist or is not available yet.</p>
      <LinkButton variant="primary" to={paths.projects}>
        {UI_TEXTS.backToProjects}
      </LinkButton>
    </section>
  );
}
