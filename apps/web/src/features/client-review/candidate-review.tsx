import type { ClientCandidateDetail, ClientMedia, MediaItem } from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { lazyComponent } from '../../lib/lazy/lazy-component';
import { Button } from '../../ui/button';
import { CandidateMedia } from './candidate-media';
import { loadCandidate } from './client-review-api';
import { ClientFeedback } from './client-feedback';
import { DownloadDialog } from './download-dialog';
import { LinkUnavailable } from './review-frame';
import { deadReason, ToIdentification } from './review-states';
import { clientTapePanel } from '../notes';
import { viewerHeaders } from './viewer-session';

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
    isSelfie: item.isSelfie,
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

interface CandidateReviewProps {
  projectId: string;
  secret: string;
  submissionId: string;
  canVote: boolean;
  allowDownload: boolean;
  viewerEmail: string | null;
  /** Written over every video this page plays (`CLIENT_REVIEW_MESSAGES.videoWatermark`). */
  watermark: string;
  position: number;
  total: number;
  onNavigate(submissionId: string | null): void;
  onError(error: unknown): void;
}

/** One candidate of a review link, loaded by its submission; a refusal reads as the link's state. */
export function CandidateReview(props: CandidateReviewProps) {
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
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const name = `${candidate.firstName} ${candidate.lastName}`;

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

      <CandidateMedia candidate={candidate} watermark={props.watermark} onView={setViewerIndex} />
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

      <ClientFeedback
        projectId={projectId}
        secret={secret}
        submissionId={candidate.submissionId}
        initial={candidate.myFeedback}
        canVote={props.canVote}
        onSaved={props.onSaved}
        onError={onError}
      />

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
            watermark={props.watermark}
            // The tape's time-coded notes: a named viewer (who may vote) adds their own.
            tapePanel={clientTapePanel({
              projectId,
              applicantId: candidate.applicantId,
              secret,
              submissionId: candidate.submissionId,
              options: { noAuth: true, headers: viewerHeaders(secret) },
              canWrite: props.canVote,
            })}
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
