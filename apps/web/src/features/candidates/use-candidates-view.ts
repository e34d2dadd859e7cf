import { APPLICANT_SEARCH_MIN_CHARS, SEARCH_SELECT_DEBOUNCE_MS } from '@casting/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseView, serializeView } from './candidates-url';
import type { CandidatesView } from './candidates-url';
import { keepLayout } from './use-layout-choice';

/**
 * The view in the URL: every change is a navigation, so Back undoes it and a link shares it. `updateView` reads the
 * URL as it is when it runs (for timers, whose view may be stale).
 */
export function useCandidatesView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseView(params), [params]);
  const setView = (next: CandidatesView, options: { replace?: boolean } = {}) =>
    // The grid or list choice lives beside the view in the URL (use-layout-choice) and survives its changes.
    setParams((current) => keepLayout(serializeView(next), current), { replace: options.replace ?? false });
  const updateView = (change: (current: CandidatesView) => CandidatesView) =>
    setParams((current) => keepLayout(serializeView(change(parseView(current))), current), { replace: true });
  return { view, setView, updateView };
}

export type SetCandidatesView = ReturnType<typeof useCandidatesView>['setView'];

/**
 * The search box answers each key press; the URL and the list follow once typing pauses. A search changed from
 * outside (a chip removed, Back) replaces the box's text; the page's own change does not, so typing on is kept.
 */
export function useSearchBox(
  view: CandidatesView,
  updateView: ReturnType<typeof useCandidatesView>['updateView'],
) {
  const [search, setSearch] = useState({ text: view.q, seen: view.q, sent: view.q });
  let text = search.text;
  if (search.seen !== view.q) {
    const next = { ...search, seen: view.q, text: view.q === search.sent ? search.text : view.q };
    setSearch(next);
    text = next.text;
  }
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const typeSearch = (typed: string) => {
    setSearch((current) => ({ ...current, text: typed }));
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      const term = typed.trim().length >= APPLICANT_SEARCH_MIN_CHARS ? typed.trim() : '';
      setSearch((current) => ({ ...current, sent: term }));
      updateView((current) => (current.q === term ? current : { ...current, q: term, candidateId: null }));
    }, SEARCH_SELECT_DEBOUNCE_MS);
  };
  return { text, typeSearch };
}
