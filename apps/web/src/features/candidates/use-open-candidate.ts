import type { ApplicantListItem } from '@casting/domain';
import { useEffect, useState } from 'react';
import type { CandidatesView } from './candidates-url';
import type { CandidateListQuery } from './candidate-results';
import type { SetCandidatesView } from './use-candidates-view';

/**
 * The candidate open in the preview (the URL's candidateId), kept open across the list's changes: stepping to the
 * next or previous one loads the next page when needed.
 */
export function useOpenCandidate(
  view: CandidatesView,
  setView: SetCandidatesView,
  list: CandidateListQuery,
  items: ApplicantListItem[],
  order: string[],
) {
  const openIndex = view.candidateId ? order.indexOf(view.candidateId) : -1;
  const openRow: ApplicantListItem | null = openIndex >= 0 ? items[openIndex]! : null;
  // Where the open candidate was: a vote or a move may take it out of this folder, and the review goes on with the
  // candidate that took its place rather than closing the preview.
  const [lastOpen, setLastOpen] = useState<{ id: string; index: number } | null>(null);
  if (openIndex >= 0 && (lastOpen?.id !== view.candidateId || lastOpen.index !== openIndex)) {
    setLastOpen({ id: view.candidateId!, index: openIndex });
  }
  const leftTheList =
    view.candidateId !== null && openIndex === -1 && lastOpen?.id === view.candidateId && !list.isFetching;
  // A shared link may open a candidate further down the list: load on (up to 20 pages) until the row is there.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const looking =
    view.candidateId !== null &&
    openIndex === -1 &&
    lastOpen?.id !== view.candidateId &&
    !list.isPending &&
    items.length < 1000;
  useEffect(() => {
    if (looking && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [looking, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (!leftTheList || !lastOpen) return;
    const next = items[Math.min(lastOpen.index, items.length - 1)];
    setView({ ...view, candidateId: next?.id ?? null }, { replace: true });
  });
  const openCandidate = (id: string | null) => setView({ ...view, candidateId: id }, { replace: true });
  const step = (by: 1 | -1) => {
    const next = openIndex + by;
    if (next < 0) return;
    if (next < items.length) return openCandidate(items[next]!.id);
    if (list.hasNextPage && !list.isFetchingNextPage) {
      void list.fetchNextPage().then((result) => {
        const more = result.data?.pages.flatMap((page) => page.items) ?? [];
        if (more[next]) openCandidate(more[next].id);
      });
    }
  };
  return { openIndex, openRow, openCandidate, step };
}
