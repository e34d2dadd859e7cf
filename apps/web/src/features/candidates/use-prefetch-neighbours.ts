import type { ApplicantListItem } from '@casting/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { candidateMediaQuery } from '../media';
import type { MediaItem } from '../media';
import { candidateDetailQuery } from './candidates-api';

/**
 * Set to 'off' in local storage to turn prefetching off: the next-candidate bench measures the preview both ways,
 * and a person on a metered connection may prefer to fetch only what they open.
 */
export const PREFETCH_STORAGE_KEY = 'casting.prefetch';

/** How many of a neighbour's media thumbnails are loaded ahead: the first row of the media panel. */
const THUMBNAILS_AHEAD = 4;

export function prefetchEnabled(): boolean {
  try {
    return window.localStorage.getItem(PREFETCH_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Images asked for already; the browser's cache answers the preview when it shows them. */
const preloaded = new Set<string>();
const PRELOADED_MAX = 200;

function preloadImage(url: string | null | undefined) {
  if (!url || preloaded.has(url)) return;
  if (preloaded.size >= PRELOADED_MAX) preloaded.clear();
  preloaded.add(url);
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  // Decoded ahead too, so painting it costs nothing; a failure is the preview's to show, not this hint's.
  void image.decode?.().catch(() => undefined);
}

function preloadMedia(items: readonly MediaItem[]) {
  const shown = items.filter((item) => !item.isSelfie);
  for (const item of shown.slice(0, THUMBNAILS_AHEAD)) preloadImage(item.thumbnailUrl);
  // The poster of the first tape: what the player shows before play.
  preloadImage(shown.find((item) => item.kind === 'video')?.posterUrl);
}

/**
 * While a candidate is open in the preview, the next and previous ones are fetched ahead (their detail, their media
 * list, their photo, their thumbnails and the poster of their tape), so stepping with J or the arrows shows them at
 * once instead of after three round trips.
 */
export function usePrefetchNeighbours(
  projectId: string,
  items: readonly ApplicantListItem[],
  openIndex: number,
) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const next = openIndex >= 0 ? (items[openIndex + 1] ?? null) : null;
  const previous = openIndex > 0 ? (items[openIndex - 1] ?? null) : null;
  const nextId = next?.applicantId ?? null;
  const previousId = previous?.applicantId ?? null;
  const nextPhoto = next?.photoUrl ?? null;
  const previousPhoto = previous?.photoUrl ?? null;
  useEffect(() => {
    if (!prefetchEnabled()) return;
    const neighbours: [string | null, string | null][] = [
      [nextId, nextPhoto],
      [previousId, previousPhoto],
    ];
    for (const [applicantId, photoUrl] of neighbours) {
      if (!applicantId) continue;
      preloadImage(photoUrl);
      void queryClient.prefetchQuery(candidateDetailQuery(http, projectId, applicantId));
      queryClient
        .fetchQuery({ ...candidateMediaQuery(http, projectId, applicantId), staleTime: 30_000 })
        .then((media) => preloadMedia(media.items))
        .catch(() => undefined);
    }
  }, [http, queryClient, projectId, nextId, previousId, nextPhoto, previousPhoto]);
}
