import { useMemo, useRef } from 'react';
import { HttpError } from './http-error';

/** The header the API's creating calls read (`config.idempotent` routes): a repeat with the same key replays. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 128 random bits as hex. `crypto.getRandomValues` works on plain http too, where `randomUUID` does not. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface IdempotencyKey {
  /** The key of the current attempt (made on first use). */
  current(): string;
  /** After an attempt's outcome is known: success, or any answer of the API. */
  settle(error: unknown): void;
}

/**
 * One key per thing the person means to create, for a mutation that must not happen twice (an e-mail to candidates):
 * every try of it carries the same key, so a retry after a lost answer (a dropped connection, a double press while
 * the first is in flight) replays the first answer instead of sending again. The key is kept only while the outcome
 * is unknown (no answer came); once the API answered, success or refusal, the next press is a new attempt with a new
 * key (a refusal released its key on the server anyway).
 */
export function useIdempotencyKey(): IdempotencyKey {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      current: () => (key.current ??= newIdempotencyKey()),
      settle: (error: unknown) => {
        if (error === null || error instanceof HttpError) key.current = null;
      },
    }),
    [],
  );
}
