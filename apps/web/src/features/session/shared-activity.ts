import type { SharedActivity } from './session-timer';

const KEY = 'casting.session.lastActivity';

/**
 * Last activity of this session across the browser's tabs, in localStorage. Keyed by tracking id, so
 * a previous session's value never counts. Storage can be unavailable (private modes, quotas): the
 * tab then simply tracks its own activity.
 */
export function localSharedActivity(
  trackingId: string,
  storage: Storage | null = safeLocalStorage(),
): SharedActivity {
  return {
    read() {
      try {
        const raw = storage?.getItem(KEY);
        if (!raw) return null;
        const value = JSON.parse(raw) as { trackingId?: unknown; at?: unknown };
        return value.trackingId === trackingId && typeof value.at === 'number' ? value.at : null;
      } catch {
        return null;
      }
    },
    write(at) {
      try {
        storage?.setItem(KEY, JSON.stringify({ trackingId, at }));
      } catch {
        // Nothing to do: the in-memory activity of this tab still counts.
      }
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
