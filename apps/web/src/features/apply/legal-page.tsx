import { extractErrorMessage } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { globalContent } from './apply-api';
import { ApplyFrame, Notice } from './apply-frame';

/**
 * /terms and /privacy: the public pages' shared content from GET /v2/global-content, linked from every apply page.
 * Part of the apply entry (a few hundred bytes), so a talent on a phone opens them without another download.
 */
function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const http = useHttpClient();
  const content = useQuery({
    queryKey: ['global-content'],
    queryFn: ({ signal }) => globalContent(http, signal),
    staleTime: 5 * 60_000,
  });
  if (content.isError) {
    return (
      <ApplyFrame>
        <Notice title="This page could not load">{extractErrorMessage(content.error)}</Notice>
      </ApplyFrame>
    );
  }
  if (!content.data) {
    return (
      <ApplyFrame>
        <p role="status" className="py-12 text-center text-ink-muted">
          Loading…
        </p>
      </ApplyFrame>
    );
  }
  const title = kind === 'terms' ? content.data.termsTitle : content.data.privacyTitle;
  const paragraphs = kind === 'terms' ? content.data.terms : content.data.privacy;
  return (
    <ApplyFrame>
      <article className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {paragraphs.map((paragraph) => (
          <p key={paragraph} className="text-base leading-relaxed text-ink">
            {paragraph}
          </p>
        ))}
        {content.data.supportEmail && (
          <p className="text-base leading-relaxed text-ink">
            Questions about a submission? Write to{' '}
            <a href={`mailto:${content.data.supportEmail}`} className="underline underline-offset-2">
              {content.data.supportEmail}
            </a>
            .
          </p>
        )}
      </article>
    </ApplyFrame>
  );
}

export function TermsPage() {
  return <LegalPage kind="terms" />;
}

export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
