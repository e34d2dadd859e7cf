import { useSearchParams } from 'react-router';

export type CandidatesLayout = 'list' | 'grid';

/** The URL parameter and the local storage key that remember the layout. */
export const LAYOUT_PARAM = 'layout';
export const LAYOUT_STORAGE_KEY = 'casting.candidates.layout';

function parseLayout(value: string | null): CandidatesLayout | null {
  return value === 'grid' || value === 'list' ? value : null;
}

function storedLayout(): CandidatesLayout | null {
  try {
    return parseLayout(window.localStorage.getItem(LAYOUT_STORAGE_KEY));
  } catch {
    // Storage may be refused (a private window, a policy): the list is the default then.
    return null;
  }
}

/**
 * The workspace's grid or list choice: the URL's when it has one (a shared link shows what its sender saw), else the
 * person's last choice on this browser, else the list. Choosing writes both.
 */
export function useLayoutChoice() {
  const [params, setParams] = useSearchParams();
  const layout: CandidatesLayout = parseLayout(params.get(LAYOUT_PARAM)) ?? storedLayout() ?? 'list';
  const setLayout = (next: CandidatesLayout) => {
    try {
      window.localStorage.setItem(LAYOUT_STORAGE_KEY, next);
    } catch {
      // Not remembered on this browser; the URL still carries it.
    }
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set(LAYOUT_PARAM, next);
        return copy;
      },
      { replace: true },
    );
  };
  return { layout, setLayout };
}

/** Keeps the layout parameter of `current` in a query string built from the view (which knows nothing of it). */
export function keepLayout(next: URLSearchParams, current: URLSearchParams): URLSearchParams {
  const layout = parseLayout(current.get(LAYOUT_PARAM));
  if (layout && !next.has(LAYOUT_PARAM)) next.set(LAYOUT_PARAM, layout);
  return next;
}
