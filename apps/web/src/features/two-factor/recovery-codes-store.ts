import { useSyncExternalStore } from 'react';

/**
 * Recovery codes waiting to be shown. They arrive when the authenticator is enabled (inside a dialog that closes
 * at that moment) or regenerated on the profile; one dialog mounted with the app shows them, once.
 */
let shown: readonly string[] | null = null;
const listeners = new Set<() => void>();

function publish(next: readonly string[] | null) {
  shown = next;
  for (const listener of listeners) listener();
}

export const showRecoveryCodes = (codes: readonly string[]) => publish(codes);
export const dismissRecoveryCodes = () => publish(null);

export function useShownRecoveryCodes(): readonly string[] | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
  );
}
