import { lazy, useState } from 'react';
import type { ComponentType } from 'react';

/** A component whose code is its own chunk, fetched on first render or earlier through `preload`. */
export interface LazyComponent<P extends object> {
  /** Renders under a Suspense boundary; suspends only while the chunk is still on its way. */
  Component: ComponentType<P>;
  /** Starts fetching the chunk (a pointer resting on a link to the page, say); safe to call often. */
  preload(): Promise<ComponentType<P>>;
}

const registry = new Set<() => Promise<unknown>>();

/**
 * React.lazy with preloading. Once the chunk is in, new mounts render the component directly
 * instead of suspending for a tick, so going back to a visited page shows no loading state. A mount
 * keeps the path it started with, so a page never remounts (losing its state) when its chunk lands.
 */
export function lazyComponent<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // A failed fetch (network blip, new deployment) is tried again by the next render.
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((Loaded) => ({ default: Loaded })));

  function Component(props: P) {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  registry.add(preload);
  return { Component, preload };
}

/**
 * Fetches every lazy component defined so far, and those their chunks define in turn (a lazy module
 * with lazy parts of its own), so tests render without waiting on chunks in the simulated DOM.
 */
export async function preloadAllLazyComponents(): Promise<void> {
  const fetched = new Set<() => Promise<unknown>>();
  for (;;) {
    const pending = [...registry].filter((preload) => !fetched.has(preload));
    if (pending.length === 0) return;
    pending.forEach((preload) => fetched.add(preload));
    await Promise.all(pending.map((preload) => preload()));
  }
}
