import type { FastifyRequest } from 'fastify';
import { LINK_MESSAGES } from '@casting/domain';
import type { Db } from '../db/client';
import { consumeQuota } from '../db/quota';
import { AppError } from '../errors';

/**
 * Per-address limits on the calls anyone may make without signing in (apply pages, claims). Generous enough for an
 * office behind one address applying all afternoon; a script guessing secrets hits them within a minute.
 */
export const PUBLIC_QUOTAS = {
  read: { max: 300, windowSeconds: 60 },
  claim: { max: 30, windowSeconds: 60 },
  submit: { max: 600, windowSeconds: 600 },
  mail: { max: 30, windowSeconds: 600 },
} as const;

export type PublicQuotaName = keyof typeof PUBLIC_QUOTAS;

export async function publicQuota(db: Db, request: FastifyRequest, name: PublicQuotaName): Promise<void> {
  const quota = PUBLIC_QUOTAS[name];
  const allowed = await consumeQuota(db, { key: `public:${name}:${request.ip}`, ...quota });
  if (!allowed) throw new AppError('RATE_LIMITED', LINK_MESSAGES.tooManyRequests);
}
