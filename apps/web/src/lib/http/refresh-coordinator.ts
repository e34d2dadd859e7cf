/**
 * Runs at most one token refresh at a time: every caller that asks while a refresh is running
 * waits for that same refresh instead of starting another (the API rotates refresh tokens, so a
 * second concurrent refresh would present an already-used token).
 *
 * Tabs of one browser share the refresh cookie too: the refresh runs under a Web Lock, so tabs take
 * turns and each presents the cookie the previous one set. Where Web Locks are missing, the API's
 * grace window still answers refreshes that race with one cookie with the same successor.
 */
export interface RefreshCoordinator {
  refresh(): Promise<string>;
}

/** The lock every tab of this origin takes around a refresh. */
export const REFRESH_LOCK_NAME = 'casting-session-refresh';

type LockRunner = <T>(name: string, work: () => Promise<T>) => Promise<T>;

function browserLocks(): LockRunner | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return null;
  // The lock is held until the work settles; request() resolves with the work's own result.
  return <T>(name: string, work: () => Promise<T>) => locks.request(name, work) as Promise<T>;
}

export function createRefreshCoordinator(
  refreshToken: () => Promise<string>,
  withLock: LockRunner | null = browserLocks(),
): RefreshCoordinator {
  let inFlight: Promise<string> | null = null;
  const run = () => (withLock ? withLock(REFRESH_LOCK_NAME, refreshToken) : refreshToken());
  return {
    refresh() {
      inFlight ??= run().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
