import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  VIEWER_THUMBNAIL_ATTEMPTS,
  VIEWER_THUMBNAIL_INTERVAL_MS,
  extractErrorMessage,
  type LiveEventName,
} from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useLiveProject } from '../../lib/live/use-live-project';
import { toast } from '../../lib/toast/toast';
import { toastError } from '../../lib/http/toast-error';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Skeleton } from '../../ui/skeleton';
import { reportDisplayFailure } from './display-failures';
import { FileIcon } from './file-icon';
import {
  candidateMediaQuery,
  createMediaUploadTransport,
  fetchMediaItem,
  useDeleteMedia,
  useRefreshCandidateMedia,
  useRetryMediaConversion,
  useSetMediaVisibility,
  useSetPrimaryMedia,
} from './media-api';
import type { MediaItem } from './media-contract';
import { DownloadZipDialog, ReportIssueDialog } from './media-dialogs';
import { MEDIA_TEXTS } from './media-texts';
import { MediaViewer, type MediaViewerProps } from './media-viewer';
import { UploadQueue } from './upload-queue';

/** The live events that say a media item's processing status changed (payload `{applicantId, mediaId, status}`). */
const MEDIA_STATUS_EVENTS: ReadonlySet<string> = new Set<LiveEventName>([
  'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT',
  'APPLICANT_STREAM_STATUS_UPDATED_EVENT',
]);

const VIEWER_ACTION =
  'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-white/10 disabled:opacity-50';

export interface CandidateMediaProps {
  projectId: string;
  /** The person (applicant) whose media this is. */
  applicantId: string;
  candidateName: string;
  /** Staff with the media candidate action (CANDIDATE_MEDIA) may upload. */
  canUpload?: boolean;
  /** Delete Content: the delete-media candidate action. */
  canDelete?: boolean;
  /** Report media issue and the zip download are for the casting team. */
  canReport?: boolean;
  canDownload?: boolean;
  /** Manage media visibility (SA PO PE TE). */
  canManageVisibility?: boolean;
  /** The signed-in person's e-mail, where the zip link goes by default. */
  userEmail?: string;
  /** The candidates list's previous/next, for the viewer to move across candidates. */
  onPreviousCandidate?(): void;
  onNextCandidate?(): void;
  className?: string;
  /** Under a tape in the viewer: its time-coded notes (given by the notes feature). */
  tapePanel?: MediaViewerProps['tapePanel'];
}

/**
 * A candidate's media for the candidate preview: the primary photo, a grid of thumbnails that open the
 * full-screen viewer, and, as the caller's permissions allow, upload, Delete Content, report issue and the zip
 * download. The candidates workspace embeds it (exported from features/media/index.ts).
 */
export function CandidateMedia({
  projectId,
  applicantId,
  candidateName,
  canUpload = false,
  canDelete = false,
  canReport = false,
  canDownload = false,
  canManageVisibility = false,
  userEmail = '',
  onPreviousCandidate,
  onNextCandidate,
  className,
  tapePanel,
}: CandidateMediaProps) {
  const http = useHttpClient();
  const refreshList = useRefreshCandidateMedia(applicantId);
  // Processing status changes arrive as live events on the project's channel; the list is read again when one
  // names this candidate. Only while the channel is down does the list poll (slowly) instead.
  const live = useLiveProject(projectId, (update) => {
    if (!MEDIA_STATUS_EVENTS.has(update.event)) return;
    const named = update.payload?.applicantId;
    if (named === undefined || named === applicantId) void refreshList();
  });
  const query = useQuery(candidateMediaQuery(http, projectId, applicantId, live));
  const busy = query.data?.items.some((item) => item.status === 'PENDING' || item.status === 'IN_PROGRESS');
  // A change made while the channel was down (or before it was joined) was not heard: read once on joining, if
  // anything was still being processed at that moment (`busy` as it is then, not a reason to read again later).
  const refreshIfBusy = useEffectEvent(() => {
    if (busy) void refreshList();
  });
  useEffect(() => {
    if (live) refreshIfBusy();
  }, [live]);
  const items = useMemo(() => {
    const list = query.data?.items ?? [];
    // The primary photo leads, the rest keep the API's order.
    return [...list.filter((item) => item.isPrimaryPhoto), ...list.filter((item) => !item.isPrimaryPhoto)];
  }, [query.data]);
  const [viewing, setViewing] = useState<number | null>(null);
  // Moving to another candidate with the viewer open shows that candidate's first item.
  const [shownApplicant, setShownApplicant] = useState(applicantId);
  if (shownApplicant !== applicantId) {
    setShownApplicant(applicantId);
    if (viewing !== null) setViewing(0);
  }
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [reporting, setReporting] = useState<MediaItem | null>(null);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const transport = useMemo(
    () => createMediaUploadTransport(http, { projectId, applicantId }),
    [http, projectId, applicantId],
  );
  const remove = useDeleteMedia(projectId, applicantId);
  const makePrimary = useSetPrimaryMedia(projectId, applicantId);
  const setVisibility = useSetMediaVisibility(projectId, applicantId);
  const retryConversion = useRetryMediaConversion(projectId, applicantId);
  const failed = (error: unknown) => toastError(error);
  const primary = items.find((item) => item.isPrimaryPhoto && item.kind === 'image');

  return (
    <section aria-labelledby={`media-${applicantId}`} className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`media-${applicantId}`} className="text-sm font-semibold text-ink">
          {MEDIA_TEXTS.media}
        </h3>
        {canDownload && items.length > 0 ? (
          <Button variant="secondary" onClick={() => setDownloadOpen(true)}>
            {MEDIA_TEXTS.downloadAll}
          </Button>
        ) : null}
      </div>

      {primary ? (
        <figure className="overflow-hidden rounded-lg border border-line bg-canvas">
          <button
            type="button"
            className="block w-full"
            aria-label={MEDIA_TEXTS.openMedia(primary.name)}
            onClick={() => setViewing(items.indexOf(primary))}
          >
            <RetryingThumbnail item={primary} className="aspect-[4/5] w-full object-cover" />
          </button>
          <figcaption className="px-3 py-1 text-xs text-ink-muted">{MEDIA_TEXTS.primaryPhoto}</figcaption>
        </figure>
      ) : null}

      {query.isPending ? (
        <div className="grid grid-cols-3 gap-2">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="aspect-square w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <p className="text-sm text-danger">{MESSAGES.mediaLoadFailed}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-ink-muted">{MEDIA_TEXTS.noMedia}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={MEDIA_TEXTS.media}>
          {items.map((item, index) => (
            <li key={item.id} className="group relative">
              <button
                type="button"
                onClick={() => setViewing(index)}
                aria-label={MEDIA_TEXTS.openMedia(item.name)}
                className="block aspect-square w-full overflow-hidden rounded-md border border-line bg-canvas"
              >
                <RetryingThumbnail item={item} className="size-full object-cover" />
              </button>
              {canDelete ? (
                <button
                  type="button"
                  onClick={() => setDeleting(item)}
                  aria-label={MEDIA_TEXTS.deleteMedia(item.name)}
                  className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-surface/90 text-danger shadow"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="size-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                  >
                    <path
                      d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {canUpload ? (
        <UploadQueue
          // One queue per candidate: its transport names the applicant, so moving to the next candidate must
          // never send files to the previous one. Uploads in flight stop; choosing the file again resumes it.
          key={applicantId}
          transport={transport}
          scope={`candidate:${applicantId}`}
          label={MEDIA_TEXTS.uploadMedia}
          multiple
          variant="section"
          // 'Processing...' until the uploaded item's thumbnail exists (its processing finished).
          isThumbnailReady={(queued) => {
            const media = items.find((item) => item.id === queued.result?.mediaId);
            return media !== undefined && media.status !== 'PENDING' && media.status !== 'IN_PROGRESS';
          }}
          // The API attaches a staff upload to the candidate as it completes; the grid then shows it.
          onComplete={() => void refreshList()}
        />
      ) : null}

      <MediaViewer
        items={items}
        index={viewing}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
        candidateName={candidateName}
        onPreviousCandidate={onPreviousCandidate}
        onNextCandidate={onNextCandidate}
        loading={query.isPending}
        tapePanel={tapePanel}
        refresh={(item, signal) => fetchMediaItem(http, projectId, applicantId, item.id, signal)}
        actions={(item) => (
          <>
            {canUpload && item.status === 'FAILED' ? (
              // The conversion failed (the original is shown): convert it again; the list follows its progress.
              <button
                type="button"
                disabled={retryConversion.isPending}
                onClick={() =>
                  retryConversion.mutate(item.id, {
                    onSuccess: () => toast.success(MEDIA_TEXTS.conversionRetried(item.name)),
                    onError: failed,
                  })
                }
                className={VIEWER_ACTION}
              >
                {MEDIA_TEXTS.retryConversion}
              </button>
            ) : null}
            {canUpload && item.kind === 'image' && !item.isPrimaryPhoto ? (
              <button
                type="button"
                disabled={makePrimary.isPending}
                onClick={() => makePrimary.mutate(item.id, { onError: failed })}
                className={VIEWER_ACTION}
              >
                {MEDIA_TEXTS.makePrimaryPhoto}
              </button>
            ) : null}
            {canManageVisibility ? (
              <button
                type="button"
                aria-pressed={item.visibility === 'TEAM'}
                title={MEDIA_TEXTS.teamOnlyHint}
                disabled={setVisibility.isPending}
                onClick={() =>
                  setVisibility.mutate(
                    { mediaId: item.id, visibility: item.visibility === 'TEAM' ? 'ALL' : 'TEAM' },
                    { onError: failed },
                  )
                }
                className={cn(VIEWER_ACTION, 'aria-pressed:bg-white/20')}
              >
                {MEDIA_TEXTS.teamOnly}
              </button>
            ) : null}
            {canReport ? (
              <button type="button" onClick={() => setReporting(item)} className={VIEWER_ACTION}>
                {MEDIA_TEXTS.reportIssue}
              </button>
            ) : null}
          </>
        )}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={MEDIA_TEXTS.deleteContentTitle}
        message={MESSAGES.confirmDeleteContent}
        confirmLabel={MEDIA_TEXTS.delete}
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => toast.error(MESSAGES.failedToRemoveFile(extractErrorMessage(error))),
          });
        }}
      />
      <ReportIssueDialog
        item={reporting}
        applicantId={applicantId}
        onOpenChange={(open) => (open ? undefined : setReporting(null))}
      />
      {canDownload ? (
        <DownloadZipDialog
          open={downloadOpen}
          onOpenChange={setDownloadOpen}
          projectId={projectId}
          applicantIds={[applicantId]}
          candidateName={candidateName}
          defaultEmail={userEmail}
        />
      ) : null}
    </section>
  );
}

/**
 * A thumbnail that may not exist yet (processing runs after the upload): a failed load is tried again every
 * 4 s, at most 5 times, then the file's icon shows. Items without a thumbnail show the icon.
 */
export function RetryingThumbnail({ item, className }: { item: MediaItem; className?: string }) {
  const http = useHttpClient();
  const [attempt, setAttempt] = useState(0);
  const [gaveUp, setGaveUp] = useState(false);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setWaiting(false);
      setAttempt((n) => n + 1);
    }, VIEWER_THUMBNAIL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  const src = item.thumbnailUrl ?? (item.kind === 'image' ? item.url : null);
  if (!src || gaveUp) {
    return (
      <span className={cn('flex items-center justify-center', className)}>
        <FileIcon name={item.name} />
      </span>
    );
  }
  if (waiting) return <Skeleton className={className} />;
  return (
    <img
      key={attempt}
      src={src}
      alt=""
      loading="lazy"
      className={className}
      onError={() => {
        if (attempt + 1 < VIEWER_THUMBNAIL_ATTEMPTS) return setWaiting(true);
        setGaveUp(true);
        reportDisplayFailure(http, item.id, 'thumbnail');
      }}
    />
  );
}
