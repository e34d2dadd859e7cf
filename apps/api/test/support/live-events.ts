import type { Events, LiveEvent } from '../../src/platform/events';

/** What one subscriber received, with a way to wait for the n-th event (no sleeps: it resolves on arrival). */
export interface Collector {
  received: LiveEvent[];
  count(n: number): Promise<LiveEvent[]>;
  stop(): void;
}

export function collect(events: Events, projectId: string): Collector {
  const received: LiveEvent[] = [];
  let waiters: Array<{ n: number; resolve: (events: LiveEvent[]) => void }> = [];
  const stop = events.subscribe(projectId, (event) => {
    received.push(event);
    const ready = waiters.filter((waiter) => received.length >= waiter.n);
    waiters = waiters.filter((waiter) => received.length < waiter.n);
    for (const waiter of ready) waiter.resolve(received.slice(0, waiter.n));
  });
  return {
    received,
    count: (n) =>
      received.length >= n
        ? Promise.resolve(received.slice(0, n))
        : new Promise((resolve) => waiters.push({ n, resolve })),
    stop,
  };
}
