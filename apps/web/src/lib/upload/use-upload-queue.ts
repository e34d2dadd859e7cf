import { useEffect, useState, useSyncExternalStore } from 'react';
import { createUploadQueue } from './upload-queue';
import type { UploadQueue, UploadQueueOptions } from './upload-queue';

/**
 * The queue for a component's lifetime: created once, destroyed (in-flight uploads aborted, resume records
 * kept) on unmount. Callbacks are read at call time, so a parent re-rendering with new closures is fine.
 */
export function useUploadQueue(options: UploadQueueOptions) {
  const [latest] = useState(() => ({ current: options }));
  latest.current = options;
  const [queue] = useState<UploadQueue>(() =>
    createUploadQueue({
      ...options,
      finalize: options.finalize
        ? (item, result, signal) => latest.current.finalize?.(item, result, signal) ?? Promise.resolve(result)
        : undefined,
      onComplete: (completed, failed) => latest.current.onComplete?.(completed, failed),
      onMessage: (message, kind) => latest.current.onMessage?.(message, kind),
    }),
  );
  const [mounted] = useState(() => ({ current: false }));
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Development's StrictMode unmounts and mounts again at once: destroy only if no mount follows.
      setTimeout(() => {
        if (!mounted.current) queue.destroy();
      }, 0);
    };
  }, [queue, mounted]);
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return { queue, items };
}
