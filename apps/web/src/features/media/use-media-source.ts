import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaDisplayProblem } from '@casting/domain';
import {
  MEDIA_FAILED_CLOSE_MS,
  MESSAGES,
  VIEWER_VIDEO_READY_ATTEMPTS,
  VIEWER_VIDEO_READY_INTERVAL_MS,
  VIEWER_VIDEO_URL_ATTEMPTS,
  VIEWER_VIDEO_URL_INTERVAL_MS,
} from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import type { MediaItem } from './media-contract';

export type MediaSourceState =
  /** A video whose web-playable rendition is still being made: asked about again every 6 s, 10 times. */
  | { phase: 'processing'; item: MediaItem }
  | { phase: 'ready'; item: MediaItem; src: string; fallback: boolean; attempt: number }
  | { phase: 'failed'; item: MediaItem };

export interface UseMediaSourceOptions {
  /** Reads the item again (its status and URLs); rejects on a failed call. */
  refresh?(item: MediaItem, signal: AbortSignal): Promise<MediaItem>;
  /** Closes the viewer: 2 s after 'Failed to load the file'. */
  onClose(): void;
  /** Tells the operator what could not be shown (the display image, or the file after its retries). */
  report?(item: MediaItem, problem: MediaDisplayProblem): void;
}

const isBusy = (item: MediaItem) => item.status === 'PENDING' || item.status === 'IN_PROGRESS';

function readySource(item: MediaItem): { src: string; fallback: boolean } {
  // A failed conversion keeps the original viewable: fall back to it rather than refuse.
  if (item.status === 'PROCESSED' && item.convertedUrl) return { src: item.convertedUrl, fallback: false };
  return { src: item.url, fallback: item.status === 'FAILED' };
}

/**
 * What the viewer shows for one item, with its ready checks:
 * - video not yet processed: ask again every 6000 ms, at most 10 times; then play the original;
 * - video that fails to load: try the address again every 3 s, at most 5 times;
 * - a file that still cannot be shown: 'Failed to load the file', and the viewer closes 2 s later;
 * - a failed call while asking: 'Something went wrong while loading media', and the original is shown.
 */
export function useMediaSource(item: MediaItem, options: UseMediaSourceOptions) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [state, setState] = useState<MediaSourceState>(() => initialState(item));

  // A new item (next/previous) starts over.
  const [shownId, setShownId] = useState(item.id);
  if (shownId !== item.id) {
    setShownId(item.id);
    setState(initialState(item));
  }

  useEffect(() => {
    if (state.phase !== 'processing') return;
    const controller = new AbortController();
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout>;
    const ask = () => {
      timer = setTimeout(async () => {
        attempts += 1;
        const refresh = latest.current.refresh;
        try {
          const fresh = refresh ? await refresh(state.item, controller.signal) : state.item;
          if (controller.signal.aborted) return;
          if (!isBusy(fresh) || attempts >= VIEWER_VIDEO_READY_ATTEMPTS) {
            setState({ phase: 'ready', item: fresh, ...readySource(fresh), attempt: 0 });
          } else ask();
        } catch {
          if (controller.signal.aborted) return;
          toast.error(MESSAGES.mediaLoadFailed);
          setState({ phase: 'ready', item: state.item, src: state.item.url, fallback: true, attempt: 0 });
        }
      }, VIEWER_VIDEO_READY_INTERVAL_MS);
    };
    ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [state]);

  useEffect(() => {
    if (state.phase !== 'failed') return;
    toast.error(MESSAGES.failedToLoadFile);
    latest.current.report?.(state.item, 'file');
    const timer = setTimeout(() => latest.current.onClose(), MEDIA_FAILED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (retryTimer.current) clearTimeout(retryTimer.current);
    },
    [item.id],
  );

  const shown = useRef(state);
  useEffect(() => {
    shown.current = state;
  });

  /** The <img>, <video> or document frame could not load its address. */
  const onLoadError = useCallback(() => {
    const now = shown.current;
    // The viewer's display image (the processed rendition) not loading is only logged: the original is shown instead.
    if (now.phase === 'ready' && now.item.kind === 'image' && !now.fallback && now.src !== now.item.url) {
      console.warn(MESSAGES.displayImageFailed, { mediaId: now.item.id, src: now.src });
      latest.current.report?.(now.item, 'display-image');
    }
    setState((current) => {
      if (current.phase !== 'ready') return current;
      // A rendition that does not load: the original next, before counting attempts.
      if (!current.fallback && current.src !== current.item.url) {
        return { ...current, src: current.item.url, fallback: true, attempt: 0 };
      }
      if (current.item.kind === 'video' && current.attempt + 1 < VIEWER_VIDEO_URL_ATTEMPTS) {
        if (retryTimer.current) clearTimeout(retryTimer.current);
        retryTimer.current = setTimeout(() => {
          setState((later) =>
            later.phase === 'ready' && later.item.id === current.item.id
              ? { ...later, attempt: later.attempt + 1 }
              : later,
          );
        }, VIEWER_VIDEO_URL_INTERVAL_MS);
        return current;
      }
      return { phase: 'failed', item: current.item };
    });
  }, []);

  return { state, onLoadError };
}

function initialState(item: MediaItem): MediaSourceState {
  if (item.kind === 'video' && isBusy(item)) return { phase: 'processing', item };
  return { phase: 'ready', item, ...readySource(item), attempt: 0 };
}
