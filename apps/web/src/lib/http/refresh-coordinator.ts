/**
 * Runs at most one token refresh at a time: every caller that asks while a refresh is running
 * waits for that same refresh instead of starting another (the API rotates refresh tokens, so a
 * second concurrent refresh would present an already-used token and revoke the session).
 */
export interface RefreshCoordinator {
  refresh(): Promise<string>;
}

export function createRefreshCoordinator(refreshToken: () => Promise<string>): RefreshCoordinator {
  let inFlight: Promise<string> | null = null;
  return {
    refresh() {
      inFlight ??= refreshToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
