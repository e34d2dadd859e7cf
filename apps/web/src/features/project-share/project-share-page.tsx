import type { ProjectBreakdown } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { breakdownFacts, projectFacts, UI_TEXTS } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';
import { useTitleSubject } from '../../lib/routing/document-title';
import { FactsList } from '../../ui/facts-list';

/** /project-share/{id}: a published project's read-only breakdown, for anyone (no sign-in). */
export function ProjectSharePage() {
  const http = useHttpClient();
  const { id = '' } = useParams();
  const breakdown = useQuery({
    queryKey: ['project-share', id],
    queryFn: ({ signal }) =>
      http.request(
        `/v2/project-share/${encodeURIComponent(id)}`,
        import('./share-contracts').then((module) => module.projectBreakdownSchema),
        { noAuth: true, signal },
      ),
    retry: false,
    // An unpublished or unknown project is the page's own state below; a toast would repeat it.
    meta: ERROR_SHOWN_INLINE,
  });
  const data: ProjectBreakdown | undefined = breakdown.data;
  useTitleSubject(data?.name ?? null);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">
      {breakdown.isPending ? (
        <p role="status" className="py-16 text-center text-ink-muted">
          {UI_TEXTS.loadingProject}
        </p>
      ) : !data ? (
        <section className="flex flex-col items-center gap-3 py-16 text-center">
          <h1 className="text-2xl font-semibold text-ink">
            {breakdown.error instanceof HttpError && breakdown.error.status === 404
              ? 'This project page is not available'
              : UI_TEXTS.projectLoadFailed}
          </h1>
          <p className="max-w-md text-ink-muted">
            {breakdown.error instanceof HttpError && breakdown.error.status === 404
              ? 'It may have been unpublished. Ask whoever sent you the link.'
              : UI_TEXTS.checkConnection}
          </p>
        </section>
      ) : (
        <Breakdown data={data} />
      )}
    </div>
  );
}

function Breakdown({ data }: { data: ProjectBreakdown }) {
  return (
    <article className="flex flex-col gap-6" aria-labelledby="project-share-title">
      <header className="flex flex-col gap-2">
        <h1 id="project-share-title" className="text-3xl font-semibold text-ink">
          {data.name}
        </h1>
        {data.description ? (
          <p className="text-base whitespace-pre-line text-ink">{data.description}</p>
        ) : null}
      </header>
      <FactsList className="text-base" facts={projectFacts(data)} />
      <section aria-labelledby="project-share-roles" className="flex flex-col gap-3">
        <h2 id="project-share-roles" className="text-xl font-semibold text-ink">
          Opportunities
        </h2>
        {data.opportunities.length === 0 ? (
          <p className="text-ink-muted">{UI_TEXTS.noOpportunitiesYet}</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {data.opportunities.map((role) => (
            <li key={role.id} className="flex flex-col gap-2 rounded-xl border border-line p-4">
              <h3 className="text-lg font-semibold text-ink">{role.name}</h3>
              {role.description ? (
                <p className="text-base whitespace-pre-line text-ink">{role.description}</p>
              ) : null}
              <FactsList facts={breakdownFacts(role.breakdown)} />
              {role.links.map((link) => (
                <a
                  key={link.url}
                  href={link.url}
                  className="inline-flex min-h-11 items-center self-start rounded-md bg-accent px-4 text-on-accent"
                >
                  Apply: {link.title}
                </a>
              ))}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
