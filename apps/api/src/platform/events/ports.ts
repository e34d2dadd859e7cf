import type { LiveEventName, LiveEventPayload } from '@casting/domain';
import type { Db } from '../db/client';

/** One event of a project, as every API instance receives it. */
export interface LiveEvent {
  projectId: string;
  event: LiveEventName;
  payload?: LiveEventPayload;
}

export type LiveEventListener = (event: LiveEvent) => void;

/** The database or an open transaction: anything that can run the NOTIFY. */
export type SqlExecutor = Pick<Db, 'execute'>;

export interface PublishOptions {
  /**
   * Publish as part of this transaction: PostgreSQL delivers the notification only when it commits, and never if it
   * rolls back, so listeners never refetch data that does not exist (yet).
   */
  tx?: SqlExecutor;
}

/**
 * The live events port. Events travel through the database (`NOTIFY`), so an event published by any API instance
 * reaches the subscribers of every instance on the same database, this one included.
 */
export interface Events {
  readonly kind: 'pglite' | 'postgres';
  publish(
    projectId: string,
    event: LiveEventName,
    payload?: LiveEventPayload,
    options?: PublishOptions,
  ): Promise<void>;
  /** Listens to one project's events on this instance; returns the function that stops listening. */
  subscribe(projectId: string, listener: LiveEventListener): () => void;
  /**
   * Listens to another notification channel of the same database (written by a trigger or another module's NOTIFY),
   * for caches that must forget a row as soon as any instance changes it.
   */
  watch(channel: string, watcher: ChannelWatcher): ChannelWatch;
  /**
   * Resolves once every notification committed before the call has reached this instance (PostgreSQL delivers
   * notifications in commit order): for a caller that changed the database by another path and must see its effect.
   * While the listen connection is down it resolves at once: watchers have been told of the gap instead.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export interface ChannelWatcher {
  /** One notification's payload, delivered after the transaction that sent it committed. */
  message(payload: string): void;
  /** Notifications may have been missed (the listen connection dropped): whatever was learned before is suspect. */
  gap(): void;
}

export interface ChannelWatch {
  /**
   * True only while every notification on the channel reaches this instance: not before the LISTEN is in place, and
   * not while the listen connection is down. A cache that relies on the channel must not serve while this is false.
   */
  readonly live: boolean;
  stop(): void;
}
