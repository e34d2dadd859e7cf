import { CLIENT_REVIEW_MESSAGES, UI_TEXTS } from '@casting/domain';
import type { ClientLinkPortal } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useTitleSubject } from '../../lib/routing/document-title';
import { Button } from '../../ui/button';
import { CandidateCard } from './candidate-card';
import { CandidateReview } from './candidate-review';
import { loadCandidates, loadPortal, recordView } from './client-review-api';
import { DownloadDialog } from './download-dialog';
import { LinkUnavailable, ReviewFrame, ReviewNotice } from './review-frame';
import { deadReason, ToIdentification } from './review-states';
import type { Dead } from './review-states';
import { storedViewer } from './viewer-session';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';
import { candidateGridClass } from './presentation-layout';

/**
 * /client/review-submission/{secret}: the review page in portal mode (no staff sign-in, the CLIENT actor). Phone
 * first: a list of candidate cards; a card opens the candidate with the self-tape, photos, next and previous, the
 * viewer's vote and comment. Any answer saying the link was revoked or expired replaces the page at once.
 */
export function ClientReviewSubmissionPage() {
  const http = useHttpClient();
  const { id: secret = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const open = search.get('candidate');
  const [dead, setDead] = useState<Dead | 'IDENTIFY' | null>(null);
  const [downloadAllOpen, setDownloadAllOpen] = useState(false);
  const portal = useQuery({
    queryKey: ['client-review', secret, 'portal'],
    queryFn: ({ signal }) => loadPortal(http, secret, signal),
    retry: false,
    staleTime: 60_000,
    // A revoked, expired or unknown link is the page's own state below; a toast would repeat it.
    meta: ERROR_SHOWN_INLINE,
  });
  const link: ClientLinkPortal | undefined = portal.data;
  const live = link?.status === 'ACTIVE' && link.projectId;
  const needsIdentity = Boolean(live && link.settings?.requireIdentification && !link.viewer);
  const candidates = useQuery({
    queryKey: ['client-review', secret, 'candidates'],
    queryFn: ({ signal }) => loadCandidates(http, link!.projectId!, secret, signal),
    enabled: Boolean(live) && !needsIdentity,
    retry: false,
    meta: ERROR_SHOWN_INLINE,
  });
  useTitleSubject(link?.title ?? null);

  const visitId = useRef<string | null>(null);
  const onError = (error: unknown) => {
    const reason = deadReason(error);
    if (reason) setDead(reason);
  };
  // A refused list (revoked, expired, identification needed) reads as the page's state, like a refused call.
  const refused = dead ?? deadReason(candidates.error);

  // The view log: the visit opens when the list is on screen, then each opened candidate is reported. Only those two
  // moments report; the link's other state is read as it is then.
  const reportView = useEffectEvent((opened: typeof open) => {
    if (!live) return;
    const body = visitId.current
      ? { visitId: visitId.current, ...(opened ? { submissionId: opened } : {}) }
      : opened
        ? { submissionId: opened }
        : {};
    recordView(http, link.projectId!, secret, body)
      .then((result) => {
        visitId.current = result.visitId;
      })
      .catch(onError);
  });
  const listShown = Boolean(candidates.data);
  useEffect(() => {
    if (listShown) reportView(open);
  }, [open, listShown]);

  if (!secret) return <LinkUnavailable reason="UNKNOWN" />;
  if (refused === 'IDENTIFY' || needsIdentity) {
    return <ToIdentification secret={secret} forget={refused === 'IDENTIFY'} />;
  }
  if (refused) return <LinkUnavailable reason={refused} />;
  if (portal.isPending) {
    return (
      <ReviewFrame>
        <p role="status" className="py-16 text-center text-ink-muted">
          Loading the review…
        </p>
      </ReviewFrame>
    );
  }
  if (portal.isError || !link) {
    const reason = deadReason(portal.error);
    if (reason && reason !== 'IDENTIFY') return <LinkUnavailable reason={reason} />;
    return <ReviewNotice title="The review could not be loaded">{UI_TEXTS.checkConnection}</ReviewNotice>;
  }
  if (link.status !== 'ACTIVE') return <LinkUnavailable reason={link.status} />;

  const items = candidates.data?.items ?? [];
  const allowDownload = Boolean(link.settings?.allowDownload);
  const viewerName = link.viewer?.name ?? storedViewer(secret)?.name ?? null;
  const heading = (
    <>
      <p className="text-sm text-ink-muted">{link.projectName}</p>
      <h1 className="text-2xl font-semibold text-ink">{link.title}</h1>
      {link.message ? <p className="text-base whitespace-pre-line text-ink">{link.message}</p> : null}
      {viewerName ? <p className="text-sm text-ink-muted">Reviewing as {viewerName}</p> : null}
    </>
  );
  const openCandidate = (submissionId: string | null) => {
    const next = new URLSearchParams(search);
    if (submissionId) next.set('candidate', submissionId);
    else next.delete('candidate');
    setSearch(next);
  };

  if (open) {
    return (
      <ReviewFrame>
        <CandidateReview
          projectId={link.projectId!}
          secret={secret}
          submissionId={open}
          canVote={Boolean(link.viewer)}
          allowDownload={Boolean(link.settings?.allowDownload)}
          viewerEmail={link.viewer?.email ?? null}
          watermark={CLIENT_REVIEW_MESSAGES.videoWatermark(link.viewer, link.title)}
          position={items.findIndex((item) => item.submissionId === open)}
          total={items.length}
          onNavigate={openCandidate}
          onError={onError}
        />
      </ReviewFrame>
    );
  }
  return (
    <ReviewFrame heading={heading}>
      {candidates.isPending ? (
        <p role="status" className="py-8 text-center text-ink-muted">
          {UI_TEXTS.loadingCandidates}
        </p>
      ) : candidates.isError ? (
        <p role="alert" className="text-danger">
          {UI_TEXTS.candidatesLoadFailed}
        </p>
      ) : (
        <section aria-labelledby="client-candidates-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="client-candidates-heading" className="text-lg font-semibold text-ink">
              {items.length} candidate{items.length === 1 ? '' : 's'}
            </h2>
            {allowDownload && items.length > 0 ? (
              <Button variant="secondary" className="min-h-11" onClick={() => setDownloadAllOpen(true)}>
                Download all videos
              </Button>
            ) : null}
          </div>
          <ul className={candidateGridClass(candidates.data?.presentationLayout)}>
            {items.map((item) => (
              <li key={item.submissionId}>
                <CandidateCard item={item} onOpen={() => openCandidate(item.submissionId)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {allowDownload ? (
        <DownloadDialog
          open={downloadAllOpen}
          onClose={() => setDownloadAllOpen(false)}
          projectId={link.projectId!}
          secret={secret}
          subject={`these ${items.length} candidates’`}
          email={link.viewer?.email ?? null}
          onError={onError}
        />
      ) : null}
    </ReviewFrame>
  );
}
