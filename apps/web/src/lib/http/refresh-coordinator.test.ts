import { describe, expect, it } from 'vitest';
import { createRefreshCoordinator, REFRESH_LOCK_NAME } from './refresh-coordinator';

/** A stand-in for the browser's LockManager (the simulated DOM has none): grants one named lock at a time, in order. */
function fakeLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const taken: string[] = [];
  const run = <T>(name: string, work: () => Promise<T>): Promise<T> => {
    taken.push(name);
    const previous = queues.get(name) ?? Promise.resolve();
    const next = previous.then(work, work);
    queues.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  };
  return { run, taken };
}

describe('createRefreshCoordinator', () => {
  it('shares one refresh among callers of one tab', async () => {
    let calls = 0;
    const coordinator = createRefreshCoordinator(async () => `token-${++calls}`, null);
    const tokens = await Promise.all([coordinator.refresh(), coordinator.refresh(), coordinator.refresh()]);
    expect(tokens).toEqual(['token-1', 'token-1', 'token-1']);
    expect(await coordinator.refresh()).toBe('token-2');
  });

  it('makes the refreshes of two tabs take turns under one lock', async () => {
    const locks = fakeLocks();
    const order: string[] = [];
    let release!: () => void;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    const tabA = createRefreshCoordinator(async () => {
      order.push('A starts');
      await firstHeld;
      order.push('A ends');
      return 'a';
    }, locks.run);
    const tabB = createRefreshCoordinator(async () => {
      order.push('B starts');
      return 'b';
    }, locks.run);

    const a = tabA.refresh();
    const b = tabB.refresh();
    await Promise.resolve();
    expect(order).toEqual(['A starts']);
    release();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(order).toEqual(['A starts', 'A ends', 'B starts']);
    expect(locks.taken).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
  });
});
