import { useEffect, useState, useSyncExternalStore } from 'react';
import { createUploadQueue } from './upload-queue';
import type { UploadQueue, UploadQueueOptions } from './upload-queue';

/** A queue whose callbacks are read when called, so the owner may pass new closures on every render. */
function createOwnedQueue(initial: UploadQueueOptions) {
  let latest = initial;
  let mounted = false;
  const queue: UploadQueue = createUploadQueue({
    ...initial,
    finalize: initial.finalize
      ? (item, result, signal) => latest.finalize?.(item, result, signal) ?? Promise.resolve(result)
      : undefined,
    onComplete: (completed, failed) => latest.onComplete?.(completed, failed),
    onMessage: (message, kind) => latest.onMessage?.(message, kind),
  });
  return {
    queue,
    update(options: UploadQueueOptions) {
      latest = options;
    },
    mount() {
      mounted = true;
      return () => {
        mounted = false;
        // Development's StrictMode unmounts and mounts again at once: destroy only if no mount follows.
        setTimeout(() => {
          if (!mounted) queue.destroy();
        }, 0);
      };
    },
  };
}

/**
 * The queue for a component's lifetime: created once, destroyed (in-flight uploads aborted, resume records
 * kept for the next visit) on unmount.
 */
export function useUploadQueue(options: UploadQueueOptions) {
  const [owned] = useState(() => createOwnedQueue(options));
  useEffect(() => owned.update(options));
  useEffect(() => owned.mount(), [owned]);
  const { queue } = owned;
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return { queue, items };
}
