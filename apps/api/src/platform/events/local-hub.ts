import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent, LiveEventListener } from './ports';

/** This instance's subscribers by project: the listen connection feeds it, subscribers read from it. */
export interface LocalHub {
  subscribe(projectId: string, listener: LiveEventListener): () => void;
  deliver(event: LiveEvent): void;
  clear(): void;
}

export function createLocalHub(log: FastifyBaseLogger): LocalHub {
  const byProject = new Map<string, Set<LiveEventListener>>();
  return {
    subscribe(projectId, listener) {
      const listeners = byProject.get(projectId) ?? new Set<LiveEventListener>();
      byProject.set(projectId, listeners);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && byProject.get(projectId) === listeners) byProject.delete(projectId);
      };
    },
    deliver(event) {
      // A copy, so a listener that unsubscribes while being called does not disturb the loop.
      for (const listener of [...(byProject.get(event.projectId) ?? [])]) {
        try {
          listener(event);
        } catch (error) {
          // One failing subscriber must not keep the event from the others.
          log.error({ err: error, event: event.event }, 'live event listener failed');
        }
      }
    },
    clear() {
      byProject.clear();
    },
  };
}
