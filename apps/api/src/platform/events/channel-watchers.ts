import type { FastifyBaseLogger } from 'fastify';
import type { ChannelWatcher } from './ports';

/** LISTEN takes an identifier, not a parameter: channel names are kept to lower-case letters, digits and '_'. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function listenStatement(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel name: ${channel}`);
  return `LISTEN ${channel}`;
}

/** This instance's watchers of extra channels, by channel; both adapters feed it. */
export function createChannelWatchers(log: FastifyBaseLogger) {
  const byChannel = new Map<string, Set<ChannelWatcher>>();
  const call = (watcher: ChannelWatcher, what: () => void) => {
    try {
      what();
    } catch (error) {
      // One failing watcher must not keep the notification from the others.
      log.error({ err: error, watcher: watcher.constructor.name }, 'channel watcher failed');
    }
  };
  return {
    channels: () => [...byChannel.keys()],
    add(channel: string, watcher: ChannelWatcher): () => void {
      const watchers = byChannel.get(channel) ?? new Set<ChannelWatcher>();
      byChannel.set(channel, watchers);
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
        if (watchers.size === 0 && byChannel.get(channel) === watchers) byChannel.delete(channel);
      };
    },
    deliver(channel: string, payload: string) {
      for (const watcher of [...(byChannel.get(channel) ?? [])])
        call(watcher, () => watcher.message(payload));
    },
    gap() {
      for (const watchers of byChannel.values())
        for (const watcher of [...watchers]) call(watcher, () => watcher.gap());
    },
    clear() {
      byChannel.clear();
    },
  };
}
