import type {
  ClientCandidate,
  ClientCandidateDetail,
  ClientLinkPortal,
  ClientMedia,
  ClientVote,
  MediaItem,
} from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { UI_TEXTS } from '@casting/domain';
import { paths } from '../../lib/routing/paths';
import { useTitleSubject } from '../../lib/routing/document-title';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { lazyComponent } from '../../lib/lazy/lazy-component';
import { loadCandidate, loadCandidates, loadPortal, recordView, sendFeedback } from './client-api';
import { DownloadDialog } from './download-dialog';
import { LinkUnavailable, ReviewFrame, ReviewNotice } from './review-frame';
import { forgetViewer, storedViewer } from './viewer-session';

type Dead = 'REVOKED' | 'EXPIRED' | 'UNKNOWN';

/** The full-screen media viewer, fetched only when someone opens it (it brings the dialog library). */
const { Component: MediaViewer } = lazyComponent(
  () => import('../media'),
  (module) => module.MediaViewer,
);

/** A shared item in the viewer's shape; what a link does not share (sizes, visibility) is not needed to view. */
function viewerItem(item: ClientMedia, candidate: ClientCandidateDetail): MediaItem {
  return {
    id: item.id,
    applicantId: candidate.applicantId,
    projectId: '',
    name: item.name,
    kind: item.kind,
    fileType: item.fileType,
    size: 0,
    status: item.status as MediaItem['status'],
    failureReason: null,
    visibility: 'ALL',
    isPrimaryPhoto: item.isPrimaryPhoto,
    durationSeconds: item.durationSeconds,
    width: null,
    height: null,
    url: item.url,
    downloadUrl: item.downloadUrl ?? '',
    thumbnailUrl: item.thumbnailUrl,
    convertedUrl: item.convertedUrl,
    posterUrl: item.posterUrl,
    icon: null,
    createdAt: '',
  };
}

/** How an error answer reads on this page: the link is gone, the viewer must identify, or something else. */
function deadReason(error: unknown): Dead | 'IDENTIFY' | null {
  if (!(error instanceof HttpError)) return null;
  if (error.code === 'CLIENT_LINK_REVOKED') return 'REVOKED';
  if (error.code === 'CLIENT_LINK_EXPIRED') return 'EXPIRED';
  if (error.code === 'VIEWER_IDENTIFICATION_REQUIRED') return 'IDENTIFY';
  if (error.status === 404) return 'UNKNOWN';
  return null;
}

const VOTE_LABELS: [ClientVote, string][] = [
  ['YES', 'Yes'],
  ['MAYBE', 'Maybe'],
  ['NO', 'No'],
];

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
  });
  const link: ClientLinkPortal | undefined = portal.data;
  const live = link?.status === 'ACTIVE' && link.projectId;
  const needsIdentity = Boolean(live && link.settings?.requireIdentification && !link.viewer);
  const candidates = useQuery({
    queryKey: ['client-review', secret, 'candidates'],
    queryFn: ({ signal }) => loadCandidates(http, link!.projectId!, secret, signal),
    enabled: Boolean(live) && !needsIdentity,
    retry: false,
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
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
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

/** Off to the identification page (a session the API no longer knows is forgotten first). */
function ToIdentification({ secret, forget }: { secret: string; forget: boolean }) {
  useEffect(() => {
    if (forget) forgetViewer(secret);
  }, [forget, secret]);
  return <Navigate to={`${paths.client.reviewSubmissionAuth}?link=${encodeURIComponent(secret)}`} replace />;
}

function voteText(vote: ClientVote | null | undefined): string | null {
  return VOTE_LABELS.find(([value]) => value === vote)?.[1] ?? null;
}

function CandidateCard({ item, onOpen }: { item: ClientCandidate; onOpen(): void }) {
  const name = `${item.firstName} ${item.lastName}`;
  const vote = voteText(item.myFeedback?.vote);
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full items-center gap-3 rounded-xl border border-line bg-surface p-3 text-left hover:bg-canvas focus-visible:outline-2 focus-visible:outline-accent"
    >
      {item.primaryPhotoUrl ? (
        <img src={item.primaryPhotoUrl} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-20 shrink-0 place-items-center rounded-lg bg-canvas text-2xl"
        >
          {item.firstName.slice(0, 1)}
          {item.lastName.slice(0, 1)}
        </span>
      )}
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="truncate text-base font-semibold text-ink">{name}</span>
        <span className="truncate text-sm text-ink-muted">{item.roleName}</span>
        {vote ? <span className="text-sm text-ink">Your vote: {vote}</span> : null}
      </span>
    </button>
  );
}

interface CandidateReviewProps {
  projectId: string;
  secret: string;
  submissionId: string;
  canVote: boolean;
  allowDownload: boolean;
  viewerEmail: string | null;
  position: number;
  total: number;
  onNavigate(submissionId: string | null): void;
  onError(error: unknown): void;
}

function CandidateReview(props: CandidateReviewProps) {
  const { projectId, secret, submissionId, onNavigate } = props;
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['client-review', secret, 'candidate', submissionId],
    queryFn: ({ signal }) => loadCandidate(http, projectId, secret, submissionId, signal),
    retry: false,
  });
  const refused = deadReason(detail.error);
  if (refused === 'IDENTIFY') return <ToIdentification secret={secret} forget />;
  if (refused) return <LinkUnavailable reason={refused} />;

  if (detail.isPending) {
    return (
      <p role="status" className="py-16 text-center text-ink-muted">
        Loading the candidate…
      </p>
    );
  }
  if (detail.isError) {
    return (
      <div className="flex flex-col gap-3 py-8">
        <p role="alert" className="text-danger">
          This candidate could not be loaded.
        </p>
        <Button variant="secondary" className="min-h-11" onClick={() => onNavigate(null)}>
          Back to all candidates
        </Button>
      </div>
    );
  }
  return (
    <CandidateView
      key={submissionId}
      {...props}
      candidate={detail.data}
      onSaved={() => {
        void queryClient.invalidateQueries({ queryKey: ['client-review', secret] });
      }}
    />
  );
}

function CandidateView(props: CandidateReviewProps & { candidate: ClientCandidateDetail; onSaved(): void }) {
  const { candidate, projectId, secret, onNavigate, onError } = props;
  const http = useHttpClient();
  const [vote, setVote] = useState<ClientVote | null>(candidate.myFeedback?.vote ?? null);
  const [comment, setComment] = useState(candidate.myFeedback?.comment ?? '');
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const name = `${candidate.firstName} ${candidate.lastName}`;
  const videos = candidate.media.filter((item) => item.kind === 'video');
  const photos = candidate.media.filter((item) => item.kind === 'image');
  const documents = candidate.media.filter((item) => item.kind === 'document');
  const [videoIndex, setVideoIndex] = useState(0);
  const video = videos[videoIndex];

  const save = async (body: { vote?: ClientVote | null; comment?: string | null }, done: string) => {
    setSaving(true);
    setStatus(null);
    try {
      await sendFeedback(http, projectId, secret, candidate.submissionId, body);
      setStatus(done);
      props.onSaved();
    } catch (error) {
      onError(error);
      setStatus('Your feedback was not saved. Check your connection and try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <article aria-labelledby="client-candidate-name" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" className="min-h-11 px-2" onClick={() => onNavigate(null)}>
          ← All candidates
        </Button>
        {props.position >= 0 ? (
          <span className="text-sm text-ink-muted">
            {props.position + 1} of {props.total}
          </span>
        ) : null}
      </div>
      <header className="flex items-center gap-3">
        {candidate.primaryPhotoUrl ? (
          <img src={candidate.primaryPhotoUrl} alt="" className="size-16 rounded-lg object-cover" />
        ) : null}
        <div className="min-w-0">
          <h1 id="client-candidate-name" className="text-xl font-semibold text-ink">
            {name}
          </h1>
          <p className="text-sm text-ink-muted">
            {[
              candidate.roleName,
              candidate.playingAge ? `Playing age ${candidate.playingAge}` : null,
              candidate.location,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </header>

      {video ? (
        <section aria-label="Self-tape" className="flex flex-col gap-2">
          <video
            key={video.id}
            className="aspect-video w-full rounded-lg bg-black"
            controls
            playsInline
            preload="metadata"
            poster={video.posterUrl ?? undefined}
            src={video.convertedUrl ?? video.url}
            aria-label={`Self-tape: ${video.name}`}
          />
          {videos.length > 1 ? (
            <div className="flex flex-wrap gap-2">
              {videos.map((item, index) => (
                <Button
                  key={item.id}
                  variant={index === videoIndex ? 'primary' : 'secondary'}
                  aria-pressed={index === videoIndex}
                  className="min-h-11"
                  onClick={() => setVideoIndex(index)}
                >
                  Tape {index + 1}
                </Button>
              ))}
            </div>
          ) : null}
          <Button
            variant="ghost"
            className="min-h-11 self-start px-2"
            onClick={() => setViewerIndex(candidate.media.indexOf(video))}
          >
            Full screen
          </Button>
        </section>
      ) : (
        <p className="text-sm text-ink-muted">No self-tape shared for this candidate.</p>
      )}

      {photos.length > 0 ? (
        <section aria-label="Photos">
          <ul className="flex snap-x gap-2 overflow-x-auto pb-2">
            {photos.map((photo) => (
              <li key={photo.id} className="shrink-0 snap-start">
                <button
                  type="button"
                  aria-label={`View photo ${photo.name} full screen`}
                  onClick={() => setViewerIndex(candidate.media.indexOf(photo))}
                >
                  <img
                    src={photo.thumbnailUrl ?? photo.convertedUrl ?? photo.url}
                    alt=""
                    className="h-40 w-auto rounded-lg object-cover"
                    loading="lazy"
                  />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {documents.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {documents.map((doc) => (
            <li key={doc.id}>
              <a
                className="text-accent underline"
                href={doc.convertedUrl ?? doc.url}
                target="_blank"
                rel="noreferrer"
              >
                {doc.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {candidate.bio ? <p className="text-base whitespace-pre-line text-ink">{candidate.bio}</p> : null}
      {candidate.contact ? (
        <p className="text-sm text-ink">
          {[candidate.contact.email, candidate.contact.phone].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      {candidate.representation ? (
        <p className="text-sm text-ink">
          Represented by {candidate.representation.agentName}
          {candidate.representation.agencyName ? `, ${candidate.representation.agencyName}` : ''}
        </p>
      ) : null}
      {candidate.teamTally ? (
        <p className="text-sm text-ink-muted">
          Casting team: {candidate.teamTally.UP_VOTE} up, {candidate.teamTally.MAYBE} maybe,{' '}
          {candidate.teamTally.DOWN_VOTE} down
        </p>
      ) : null}

      {props.canVote ? (
        <section
          aria-labelledby="client-feedback-heading"
          className="flex flex-col gap-3 rounded-xl border border-line p-3"
        >
          <h2 id="client-feedback-heading" className="text-base font-semibold text-ink">
            Your feedback
          </h2>
          <div role="group" aria-label={UI_TEXTS.yourVote} className="grid grid-cols-3 gap-2">
            {VOTE_LABELS.map(([value, label]) => (
              <Button
                key={value}
                variant={vote === value ? 'primary' : 'secondary'}
                aria-pressed={vote === value}
                className="min-h-11"
                disabled={saving}
                onClick={() => {
                  const next = vote === value ? null : value;
                  setVote(next);
                  void save({ vote: next }, next ? `Vote saved: ${label}` : 'Vote removed');
                }}
              >
                {label}
              </Button>
            ))}
          </div>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Comment for the casting team
            <textarea
              className="min-h-24 rounded-md border border-line bg-surface p-2 text-base text-ink"
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </label>
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={saving}
            onClick={() => void save({ comment: comment.trim() || null }, 'Comment saved')}
          >
            Save comment
          </Button>
          <p role="status" className="min-h-5 text-sm text-ink-muted">
            {status}
          </p>
        </section>
      ) : (
        <p className="text-sm text-ink">
          <Link
            className="text-accent underline"
            to={`${paths.client.reviewSubmissionAuth}?link=${encodeURIComponent(secret)}`}
          >
            Tell us who you are
          </Link>{' '}
          to vote and comment.
        </p>
      )}

      {props.allowDownload && candidate.media.length > 0 ? (
        <Button variant="secondary" className="min-h-11" onClick={() => setDownloadOpen(true)}>
          Download videos
        </Button>
      ) : null}
      {viewerIndex !== null ? (
        <Suspense fallback={null}>
          <MediaViewer
            items={candidate.media.map((item) => viewerItem(item, candidate))}
            index={viewerIndex}
            onIndexChange={setViewerIndex}
            onClose={() => setViewerIndex(null)}
            candidateName={name}
            allowDownload={props.allowDownload}
          />
        </Suspense>
      ) : null}
      <DownloadDialog
        open={downloadOpen}
        onClose={() => setDownloadOpen(false)}
        projectId={projectId}
        secret={secret}
        submissionIds={[candidate.submissionId]}
        subject={`${name}’s`}
        email={props.viewerEmail}
        onError={onError}
      />

      <nav aria-label="Candidates" className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={!candidate.previousSubmissionId}
          onClick={() => onNavigate(candidate.previousSubmissionId)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={!candidate.nextSubmissionId}
          onClick={() => onNavigate(candidate.nextSubmissionId)}
        >
          Next
        </Button>
      </nav>
    </article>
  );
}
