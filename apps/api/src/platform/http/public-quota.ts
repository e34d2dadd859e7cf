import type { FastifyRequest } from 'fastify';
import { API_TOKEN_MESSAGES, LINK_MESSAGES } from '@casting/domain';
import type { Db } from '../db/client';
import { consumeQuota } from '../db/quota';
import { AppError } from '../errors';

/**
 * Per-address limits on the calls anyone may make without signing in (apply pages, claims). Generous enough for an
 * office behind one address applying all afternoon; a script guessing secrets hits them within a minute.
 */
export const PUBLIC_QUOTAS = {
  read: { max: 600, windowSeconds: 60 },
  claim: { max: 120, windowSeconds: 60 },
  submit: { max: 1000, windowSeconds: 600 },
  mail: { max: 30, windowSeconds: 600 },
  /**
   * Applications and representation changes, each of which queues mail (the private link, an agent's claim). The
   * notice queue sends about a message a second, so one address fills at most a minute of it per ten minutes, where
   * `submit` alone let it queue a quarter of an hour's (decision 0163). Still six applications a minute for an office
   * or an open call behind one address.
   */
  application: { max: 60, windowSeconds: 600 },
  /** Upload failure reports: a page whose every upload fails reports each file once; far more is a script. */
  uploadFailure: { max: 60, windowSeconds: 600 },
  /**
   * Address suggestions, which may cost the installation a maps provider's request each (decision 0797): the form
   * asks once per ZIP typed (after a pause), a few per application, so sixty applications of an office behind one
   * address fit; a script asking for every ZIP is held to half a request a second, and the daily budget caps it all.
   */
  addressLookup: { max: 300, windowSeconds: 600 },
  /** Media a browser could not show: a page of broken thumbnails reports each once; far more is a script. */
  displayFailure: { max: 120, windowSeconds: 600 },
} as const;

export type PublicQuotaName = keyof typeof PUBLIC_QUOTAS;

export async function publicQuota(db: Db, request: FastifyRequest, name: PublicQuotaName): Promise<void> {
  const quota = PUBLIC_QUOTAS[name];
  const allowed = await consumeQuota(db, { key: `public:${name}:${request.ip}`, ...quota });
  if (!allowed) throw new AppError('RATE_LIMITED', LINK_MESSAGES.tooManyRequests);
}

/** The window of the per-token quota on the public API; its size is `API_TOKEN_RATE_LIMIT_MAX` (decision 0768). */
export const API_TOKEN_QUOTA_WINDOW_SECONDS = 60;

/** Counts one request of an API token against its quota; over it, 429 RATE_LIMITED. */
export async function apiTokenQuota(db: Db, tokenId: string, max: number): Promise<void> {
  const quota = { key: `api-token:${tokenId}`, max, windowSeconds: API_TOKEN_QUOTA_WINDOW_SECONDS };
  if (!(await consumeQuota(db, quota)))
    throw new AppError('RATE_LIMITED', API_TOKEN_MESSAGES.tokenQuotaExceeded);
}
