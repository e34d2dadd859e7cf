import { CANCELED_ERROR_CODE } from '@casting/domain';
import type { ApiError } from '@casting/domain';
import type { z } from 'zod';

/**
 * A non-2xx answer from the API, with the parsed `{ code, message, details }` body when there was one.
 * Shaped so the domain's extractErrorMessage finds details, then the body message, then its own message.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  /** The API's error body, or null when the body was empty or not in the API's error shape. */
  readonly data: ApiError | null;

  constructor(status: number, data: ApiError | null) {
    super(`Request failed with status code ${status}`);
    this.status = status;
    this.data = data;
  }

  /** The API's error code (e.g. INVALID_CREDENTIALS), or null when the body carried none. */
  get code(): string | null {
    return this.data?.code ?? null;
  }

  get details(): unknown {
    return this.data?.details;
  }
}

/** A request stopped by its AbortSignal; the domain's isCanceledError recognises it by its code. */
export class CanceledError extends Error {
  override readonly name = 'CanceledError';
  readonly code = CANCELED_ERROR_CODE;

  constructor() {
    super('Request canceled');
  }
}

/** The API answered 2xx with a body that does not match the contract schema. */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  readonly issues: z.ZodError['issues'];

  constructor(path: string, issues: z.ZodError['issues']) {
    super(`Unexpected response from ${path}`);
    this.issues = issues;
  }
}

/**
 * Parses an error body into the API's shape (the domain's `apiErrorSchema`: a string code, a string
 * message, any details); anything else becomes null rather than a guess. Checked by hand rather than
 * with the schema: every page, the sign-in page included, reads error answers, and zod is not part of
 * the first download (see docs/decisions/0022-sign-in-bundle.md).
 */
export function parseApiError(body: unknown): ApiError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, message, details } = body as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return details === undefined ? { code, message } : { code, message, details };
}
