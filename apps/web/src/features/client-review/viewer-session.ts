import { CLIENT_VIEWER_HEADER } from '@casting/domain';

/**
 * A viewer's session for one link, kept in this browser's local storage under the link's own key: a phone that opened
 * the link yesterday opens it today without a new code. It is a secret of that link only (the API refuses it on any
 * other), and it ends with the link.
 */
const keyOf = (secret: string) => `client-review:${secret}`;

export interface StoredViewer {
  viewerToken: string;
  name: string;
}

export function storedViewer(secret: string): StoredViewer | null {
  try {
    const raw = window.localStorage.getItem(keyOf(secret));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredViewer>;
    return typeof parsed.viewerToken === 'string' && typeof parsed.name === 'string'
      ? { viewerToken: parsed.viewerToken, name: parsed.name }
      : null;
  } catch {
    return null;
  }
}

export function storeViewer(secret: string, viewer: StoredViewer): void {
  try {
    window.localStorage.setItem(keyOf(secret), JSON.stringify(viewer));
  } catch {
    // Private browsing without storage: the session lasts as long as the page.
  }
}

export function forgetViewer(secret: string): void {
  try {
    window.localStorage.removeItem(keyOf(secret));
  } catch {
    // Nothing stored.
  }
}

/** The portal-mode headers: the viewer's session, when there is one. */
export function viewerHeaders(secret: string): Record<string, string> {
  const viewer = storedViewer(secret);
  return viewer ? { [CLIENT_VIEWER_HEADER]: viewer.viewerToken } : {};
}
