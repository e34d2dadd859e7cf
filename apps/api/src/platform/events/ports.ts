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
  close(): Promise<void>;
}
