import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@casting/domain';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';

export const REFRESH_COOKIE = 'casting_rt';
const COOKIE_PATH = '/api';
const CSRF_HEADER = 'x-requested-with';
const CSRF_VALUE = 'casting-web';

/**
 * Calls authenticated by the cookie must carry a header a cross-site form or image cannot send, on top of
 * SameSite=Strict: a second, independent guard against request forgery.
 */
export function assertCsrfHeader(request: FastifyRequest): void {
  if (request.headers[CSRF_HEADER] !== CSRF_VALUE) {
    throw new AppError('FORBIDDEN', MESSAGES.missingRequestedWithHeader);
  }
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: COOKIE_PATH,
    expires: expiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: COOKIE_PATH,
  });
}
