import { useEffect, useSyncExternalStore } from 'react';

/** One keyboard shortcut of a page: the keys as printed on the keyboard and what they do. */
export interface PageShortcut {
  keys: readonly string[];
  description: string;
}

let current: readonly PageShortcut[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly PageShortcut[]) {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * Lists a page's own shortcuts in the '?' dialog while the page is mounted, so the help always matches the
 * page a person is on. Pass a constant (module-level) array.
 */
export function usePageShortcuts(shortcuts: readonly PageShortcut[]): void {
  useEffect(() => {
    publish(shortcuts);
    return () => {
      if (current === shortcuts) publish([]);
    };
  }, [shortcuts]);
}

/** The shortcuts of the page on screen, for the help dialog. */
export function useCurrentPageShortcuts(): readonly PageShortcut[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
