import { Dialog as RadixDialog } from 'radix-ui';
import { useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { MediaDisplayProblem } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Spinner } from '../../ui/spinner';
import { Watermarked } from '../../ui/watermark';
import { reportDisplayFailure } from './display-failures';
import { FileIcon } from './file-icon';
import type { MediaItem } from './media-contract';
import { MEDIA_TEXTS } from './media-texts';
import { PlayerControls } from './player-controls';
import { useMediaSource } from './use-media-source';

export interface MediaViewerProps {
  /** The candidate's media, in display order. */
  items: readonly MediaItem[];
  /** Index of the item shown; null closes the viewer. */
  index: number | null;
  onIndexChange(index: number): void;
  onClose(): void;
  /** Whose media this is, read with the title ('Jane Doe'). */
  candidateName?: string;
  /** Moving across candidates (the list's previous/next); the buttons show only when given. */
  onPreviousCandidate?(): void;
  onNextCandidate?(): void;
  refresh?(item: MediaItem, signal: AbortSignal): Promise<MediaItem>;
  /** Extra actions in the top bar (report issue, say), given the item shown. */
  actions?(item: MediaItem): ReactNode;
  /** The items are on their way (the viewer moved to another candidate): a spinner instead of 'No media'. */
  loading?: boolean;
  /** False hides the download link (a client review link that does not allow downloads). Default true. */
  allowDownload?: boolean;
  /** Written over videos (a client review link names its viewer on them); none for the team. */
  watermark?: string;
  /** Under a tape, beside its speed and frame controls: the tape's time-coded notes, given its player. */
  tapePanel?(item: MediaItem, video: HTMLVideoElement | null): ReactNode;
}

/**
 * The full-screen media viewer: image, video or document, next and previous across the
 * candidate's media and, when the page offers it, across candidates.
 * Keys: Left/Right previous/next item, Shift+Left/Right (or PageUp/PageDown) previous/next candidate,
 * Home/End first/last item, Escape closes. A video's own controls keep their keys while focused.
 */
export function MediaViewer(props: MediaViewerProps) {
  const { items, index, onClose } = props;
  const item = index === null ? undefined : items[index];
  // Open while an index is set, even without an item: moving to a candidate whose media is still loading (or
  // who has none) keeps the viewer, so the person can go on to the next candidate.
  return (
    <RadixDialog.Root open={index !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        {index !== null ? <ViewerContent {...props} item={item} index={index} /> : null}
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function ViewerContent({
  items,
  index,
  item,
  onIndexChange,
  onClose,
  candidateName,
  onPreviousCandidate,
  onNextCandidate,
  refresh,
  actions,
  loading = false,
  allowDownload = true,
  watermark,
  tapePanel,
}: MediaViewerProps & { item: MediaItem | undefined; index: number }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const hasPrevious = index > 0;
  const hasNext = index < items.length - 1;
  const go = (next: number) => {
    if (next >= 0 && next < items.length && next !== index) onIndexChange(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys meant for a focused video's own controls or a text field stay with them.
    const target = event.target as HTMLElement;
    if (target.closest('video, input, textarea, select')) return;
    const candidateStep = event.shiftKey || event.key === 'PageUp' || event.key === 'PageDown';
    if ((event.key === 'ArrowLeft' && candidateStep) || event.key === 'PageUp') {
      if (onPreviousCandidate) {
        event.preventDefault();
        onPreviousCandidate();
      }
      return;
    }
    if ((event.key === 'ArrowRight' && candidateStep) || event.key === 'PageDown') {
      if (onNextCandidate) {
        event.preventDefault();
        onNextCandidate();
      }
      return;
    }
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      go(next);
    }
  };

  const title = item
    ? candidateName
      ? `${item.name} – ${candidateName}`
      : item.name
    : (candidateName ?? MEDIA_TEXTS.media);
  return (
    <RadixDialog.Content
      aria-describedby={undefined}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex flex-col text-white outline-none"
      data-testid="media-viewer"
    >
      <header className="flex min-h-14 flex-wrap items-center gap-2 px-3 py-2 sm:px-4">
        <div className="min-w-0 flex-1 basis-40">
          <RadixDialog.Title className="truncate text-sm font-semibold sm:text-base">
            {title}
          </RadixDialog.Title>
          <p className="text-xs text-white/70" aria-live="polite">
            {item ? MEDIA_TEXTS.position(index + 1, items.length) : ''}
          </p>
        </div>
        {item ? actions?.(item) : null}
        {item && allowDownload ? (
          <a
            href={item.downloadUrl}
            download={item.name}
            className="inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium hover:bg-white/10"
          >
            {MEDIA_TEXTS.download}
          </a>
        ) : null}
        <RadixDialog.Close
          aria-label={MEDIA_TEXTS.close}
          className="inline-flex size-10 items-center justify-center rounded-md hover:bg-white/10"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
          </svg>
        </RadixDialog.Close>
      </header>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-2 sm:px-16">
        {item ? (
          <Stage
            key={item.id}
            item={item}
            refresh={refresh}
            onClose={onClose}
            onVideo={setVideo}
            watermark={watermark}
          />
        ) : loading ? (
          <Spinner label={MEDIA_TEXTS.loadingMedia} className="text-white" />
        ) : (
          <p className="text-sm">{MEDIA_TEXTS.noMedia}</p>
        )}
        <NavButton
          side="left"
          label={MEDIA_TEXTS.previous}
          disabled={!hasPrevious}
          onClick={() => go(index - 1)}
        />
        <NavButton side="right" label={MEDIA_TEXTS.next} disabled={!hasNext} onClick={() => go(index + 1)} />
      </div>
      {item?.kind === 'video' ? (
        <div className="flex max-h-[45dvh] flex-col gap-2 overflow-y-auto px-3 pb-3 sm:px-16">
          <PlayerControls video={video} />
          {tapePanel?.(item, video)}
        </div>
      ) : null}
      {onPreviousCandidate || onNextCandidate ? (
        <footer className="flex justify-center gap-2 px-3 pb-3">
          {onPreviousCandidate ? (
            <button
              type="button"
              onClick={onPreviousCandidate}
              className="min-h-10 rounded-md px-3 text-sm hover:bg-white/10"
            >
              {MEDIA_TEXTS.previousCandidate}
            </button>
          ) : null}
          {onNextCandidate ? (
            <button
              type="button"
              onClick={onNextCandidate}
              className="min-h-10 rounded-md px-3 text-sm hover:bg-white/10"
            >
              {MEDIA_TEXTS.nextCandidate}
            </button>
          ) : null}
        </footer>
      ) : null}
    </RadixDialog.Content>
  );
}

function NavButton({
  side,
  label,
  disabled,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  disabled: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={`absolute top-1/2 ${side === 'left' ? 'left-1 sm:left-3' : 'right-1 sm:right-3'} inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 hover:bg-black/70 disabled:opacity-30`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path
          d={side === 'left' ? 'M12 4l-6 6 6 6' : 'M8 4l6 6-6 6'}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

function Stage({
  item,
  refresh,
  onClose,
  watermark,
  onVideo,
}: {
  item: MediaItem;
  refresh?: MediaViewerProps['refresh'];
  onClose(): void;
  watermark?: string;
  onVideo?(video: HTMLVideoElement | null): void;
}) {
  const http = useHttpClient();
  const report = (shown: MediaItem, problem: MediaDisplayProblem) =>
    reportDisplayFailure(http, shown.id, problem);
  const { state, onLoadError } = useMediaSource(item, { refresh, onClose, report });
  if (state.phase === 'processing') {
    return (
      <div className="flex max-w-sm flex-col items-center gap-3 text-center">
        {item.posterUrl ? (
          <img src={item.posterUrl} alt="" className="max-h-[50dvh] rounded-md opacity-60" />
        ) : null}
        <Spinner label={MEDIA_TEXTS.processingVideo} className="text-white" />
        <p className="text-sm">{MEDIA_TEXTS.processingVideo}</p>
      </div>
    );
  }
  if (state.phase === 'failed') {
    return <FileIcon name={item.name} className="w-24" />;
  }
  const note =
    state.fallback && item.status === 'FAILED' ? (
      <p className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-md bg-black/70 px-3 py-1 text-xs">
        {MEDIA_TEXTS.conversionFailed}
      </p>
    ) : null;
  if (item.kind === 'image') {
    return (
      <>
        <img
          src={state.src}
          alt={item.name}
          onError={onLoadError}
          className="max-h-full max-w-full object-contain"
          data-testid="viewer-image"
        />
        {note}
      </>
    );
  }
  if (item.kind === 'video') {
    return (
      <>
        <Watermarked text={watermark} className="flex max-h-full max-w-full">
          <video
            // A new attempt (3 s after a failed load) mounts a new element, so the browser asks again.
            key={`${state.src}#${state.attempt}`}
            ref={onVideo}
            src={state.src}
            poster={item.posterUrl ?? undefined}
            controls
            // A watermarked video stays in this viewer: the browser's own full screen would leave the mark behind.
            controlsList={watermark ? 'nofullscreen noremoteplayback' : undefined}
            disablePictureInPicture={Boolean(watermark)}
            playsInline
            preload="metadata"
            aria-label={item.name}
            onError={onLoadError}
            className="max-h-full max-w-full"
            data-testid="viewer-video"
          />
        </Watermarked>
        {note}
      </>
    );
  }
  return <DocumentStage item={item} />;
}

/**
 * A document shows its first-page preview when processing made one (PDF), else its icon; the original opens in a
 * new tab or downloads. Originals are not framed here: they are served with a sandboxing CSP, under which the
 * browser's PDF viewer does not run.
 */
function DocumentStage({ item }: { item: MediaItem }) {
  const preview = item.convertedUrl ?? item.thumbnailUrl;
  const [broken, setBroken] = useState(false);
  return (
    <div className="flex max-h-full flex-col items-center gap-3 text-center" data-testid="viewer-document">
      {preview && !broken ? (
        <img
          src={preview}
          alt={MEDIA_TEXTS.documentPreview(item.name)}
          onError={() => setBroken(true)}
          className="max-h-[70dvh] max-w-full rounded-md bg-white object-contain"
        />
      ) : (
        <>
          <FileIcon name={item.icon ?? item.name} className="w-24" />
          <p className="text-sm">{MEDIA_TEXTS.noPreview}</p>
        </>
      )}
      <a
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium underline hover:bg-white/10"
      >
        {MEDIA_TEXTS.openOriginal(item.name)}
      </a>
    </div>
  );
}
