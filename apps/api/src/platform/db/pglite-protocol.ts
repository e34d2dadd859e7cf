import type { EmbeddedEngineOptions } from './pglite-engine';
import type { DbScope } from './scope';

/**
 * The messages between the API and the embedded engine's own process (pglite-host.ts, pglite-process.ts). They travel
 * over Node's IPC channel with the structured-clone serialization, so dates, byte arrays and big integers arrive as
 * they were sent.
 */
export type HostRequest =
  | { id: number; op: 'open'; options: EmbeddedEngineOptions }
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: 'array' | 'object' | undefined;
      /** The type ids whose values stay as the engine's text (drizzle's parsers for dates and intervals). */
      textTypes?: number[] | undefined;
      /** Run inside this open transaction. */
      tx?: number | undefined;
      /** Run as the statement prepared under this name (pglite-named-statements.ts). */
      name?: string | undefined;
      /** The caller's role and office (scope.ts); a statement inside a transaction runs in the transaction's. */
      scope: DbScope;
    }
  | { id: number; op: 'exec'; text: string; tx?: number | undefined; scope: DbScope }
  | { id: number; op: 'begin'; scope: DbScope }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** A database error's own fields (code, detail, constraint...), which callers read to tell one failure from another. */
export type HostError = { message: string; name?: string } & Record<string, string | number | boolean | null>;

export type HostReply =
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: HostError }
  | { notify: string; payload: string };
