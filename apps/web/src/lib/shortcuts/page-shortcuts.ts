import { useEffect, useSyncExternalStore } from 'react';

/** A key combination and what it does, as the '?' list shows it. */
export interface Shortcut {
  keys: readonly string[];
  what: string;
}

/*
 * The shortcuts of what is on the page now. A component that answers keys of its own (an editable name, a list with
 * arrow keys) registers them while it is mounted, so the '?' list names them on the pages that have them and on no
 * other. Many instances (every folder's name) register the same list; it is shown once.
 */
const mounted = new Map<symbol, readonly Shortcut[]>();
const listeners = new Set<() => void>();
let snapshot: readonly Shortcut[] = [];

function publish() {
  const seen = new Set<string>();
  const next: Shortcut[] = [];
  for (const shortcuts of mounted.values()) {
    for (const shortcut of shortcuts) {
      if (seen.has(shortcut.what)) continue;
      seen.add(shortcut.what);
      next.push(shortcut);
    }
  }
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Lists `shortcuts` under 'On this page' while the calling component is mounted. Pass a constant array. */
export function usePageShortcuts(shortcuts: readonly Shortcut[]): void {
  useEffect(() => {
    const key = Symbol('page shortcuts');
    mounted.set(key, shortcuts);
    publish();
    return () => {
      mounted.delete(key);
      publish();
    };
  }, [shortcuts]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shortcuts the page's components registered, each once, in the order they were mounted. */
export function usePageShortcutList(): readonly Shortcut[] {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}
