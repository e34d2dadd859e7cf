import { extractErrorMessage, MESSAGES, PUBLIC_TEXTS } from '@casting/domain';
import type { ResolvedLink } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTitleSubject } from '../../lib/routing/document-title';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { useApplyAddress } from './apply-address';
import { looksLikeToken, mapUrl, resolveLink } from './apply-api';
import { ApplyForm } from './apply-form';
import { ApplyFrame, Notice } from './apply-frame';
import { SubmittedPanel } from './submitted-panel';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';
import { lazyComponent } from '../../lib/lazy/lazy-component';

/**
 * The breakdown (the project's facts, each opportunity's terms) is a chunk of its own, fetched as this module runs,
 * while the link is resolved: the apply page's first download stays within its budget (decision 0701).
 */
const { Component: ApplyBreakdown, preload: preloadBreakdown } = lazyComponent(
  () => import('./apply-breakdown'),
  (module) => module.ApplyBreakdown,
);
void preloadBreakdown().catch(() => undefined);

/**
 * The link secret of an apply address: the slug of /castingcall/apply/{slug} and /{type}/apply/{slug}, or
 * the `token` query of /submit/{projectId} and of a bare /castingcall/apply. A slug that is not a secret (a
 * readable address) is resolved by the URL mapping call.
 */
function useLinkToken(): { token: string | null; projectId?: string } {
  const { params, search } = useApplyAddress();
  const { slug, projectId } = params;
  return { token: slug ?? search.get('token') ?? search.get('link'), projectId };
}

async function resolveAny(
  http: ReturnType<typeof useHttpClient>,
  slug: string,
  projectId?: string,
  href?: string,
) {
  if (looksLikeToken(slug)) {
    try {
      return { token: slug, link: await resolveLink(http, slug) };
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404) || !href) throw error;
    }
  }
  const mapped = await mapUrl(http, href ?? slug, projectId);
  return { token: mapped.token, link: await resolveLink(http, mapped.token) };
}

/** /submit/:projectId, /castingcall/apply[/:slug], /:type/apply[/:slug]: apply through a link, no account. */
export function ApplyPage() {
  const http = useHttpClient();
  const { pathname } = useApplyAddress();
  const { token, projectId } = useLinkToken();
  const [submitted, setSubmitted] = useState<{ applicantId: string; email: string } | null>(null);
  const resolved = useQuery({
    queryKey: ['apply-link', token, projectId],
    queryFn: () => resolveAny(http, token ?? '', projectId, `${window.location.origin}${pathname}`),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    // An unknown, closed or expired link is the page's own state below; a toast would repeat it.
    meta: ERROR_SHOWN_INLINE,
  });
  const link: ResolvedLink | undefined = resolved.data?.link;
  useTitleSubject(link?.title ?? null);

  if (!token) {
    return (
      <ApplyFrame>
        <Notice title={PUBLIC_TEXTS.linkIncomplete}>
          The address has no submission link in it. Open the link exactly as you received it.
        </Notice>
      </ApplyFrame>
    );
  }
  if (resolved.isPending) {
    return (
      <ApplyFrame>
        <p role="status" className="py-16 text-center text-ink-muted">
          Loading the submission form…
        </p>
      </ApplyFrame>
    );
  }
  if (resolved.isError || !link) {
    const missing =
      resolved.error instanceof HttpError && (resolved.error.status === 404 || resolved.error.status === 400);
    return (
      <ApplyFrame>
        <Notice title={missing ? 'Submission link not found' : MESSAGES.somethingWentWrong}>
          {missing ? MESSAGES.submissionLinkNotFound : extractErrorMessage(resolved.error)}
        </Notice>
      </ApplyFrame>
    );
  }
  if (link.status !== 'OPEN') {
    return (
      <ApplyFrame>
        <Notice title={link.status === 'CLOSED' ? 'This link is closed' : 'This link has expired'}>
          {link.message ?? 'This submission link no longer accepts submissions.'}
        </Notice>
      </ApplyFrame>
    );
  }
  if (submitted) {
    return (
      <ApplyFrame>
        <SubmittedPanel
          applicantId={submitted.applicantId}
          email={submitted.email}
          token={resolved.data.token}
        />
      </ApplyFrame>
    );
  }
  return (
    <ApplyFrame>
      <header className="flex flex-col gap-2">
        <p className="text-sm text-ink-muted">{link.project?.name ?? 'Casting call'}</p>
        <h1 className="text-2xl font-semibold break-words text-ink">{link.title}</h1>
        {link.project?.description ? (
          <p className="text-base whitespace-pre-line text-ink">{link.project.description}</p>
        ) : null}
      </header>
      <Suspense fallback={null}>
        <ApplyBreakdown link={link} />
      </Suspense>
      <ApplyForm link={link} token={resolved.data.token} onSubmitted={setSubmitted} />
    </ApplyFrame>
  );
}
