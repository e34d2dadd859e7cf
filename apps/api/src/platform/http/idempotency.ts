import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lte, sql } from 'drizzle-orm';
import { AUDIT_MESSAGES } from '@casting/domain';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../errors';

/** How long an answer is kept for retries: a client that has not retried within a day has given up. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Visible ASCII only, so a key is safe in logs and as a database text. */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A creating call: a repeated `Idempotency-Key` answers the first answer instead of creating again. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { owner: string; key: string; route: string } | null;
  }
}

/** JSON with sorted keys, so the same request hashes the same whatever the order of its fields. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(canonical({ params: request.params, query: request.query, body: request.body }))
    .digest('hex');
}

/** Keys belong to the signed-in user, or to the address of an anonymous caller (sign-up). */
function ownerOf(request: FastifyRequest): string {
  return request.principal ? `user:${request.principal.userId}` : `ip:${request.ip}`;
}

/**
 * `config.idempotent` routes accept an `Idempotency-Key` header. The first request with a key claims it (a row with
 * no answer yet) and runs; its 2xx answer is stored for 24 hours. A repeat with the same key, route and request gets
 * the stored answer with `Idempotency-Replayed: true` and creates nothing; the same key with a different request is
 * 409, and a repeat while the first still runs is 409 "in progress" (the client retries later). An answer that is not
 * 2xx releases the key, so the client may correct the request and retry with it. The check runs after access control
 * and validation: a refused or malformed request never claims a key.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotency', null);

  // Only routes declaring `idempotent` carry the two hooks, so every other request pays nothing for them. Route-level
  // hooks run after the application's, so the key is claimed after access control has admitted the call.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...hooksOf(route.preHandler), claimKey];
    route.onSend = [...hooksOf(route.onSend), settleKey];
  });

  async function claimKey(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError('BAD_REQUEST', AUDIT_MESSAGES.idempotencyKeyInvalid);
    }
    const id = {
      owner: ownerOf(request),
      key: header,
      route: `${request.method} ${request.routeOptions.url}`,
    };
    const hash = requestHash(request);
    const now = new Date();
    const match = and(
      eq(idempotencyKeys.owner, id.owner),
      eq(idempotencyKeys.key, id.key),
      eq(idempotencyKeys.route, id.route),
    );
    // An expired key is free again.
    await db.delete(idempotencyKeys).where(and(match, lte(idempotencyKeys.expiresAt, now)));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ ...id, requestHash: hash, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = id;
      return;
    }
    const [stored] = await db.select().from(idempotencyKeys).where(match);
    if (!stored) throw new AppError('CONFLICT', AUDIT_MESSAGES.idempotencyKeyInProgress);
    if (stored.requestHash !== hash) throw new AppError('CONFLICT', AUDIT_MESSAGES.idempotencyKeyReused);
    if (stored.status === null || stored.body === null) {
      throw new AppError('CONFLICT', AUDIT_MESSAGES.idempotencyKeyInProgress);
    }
    reply.header('idempotency-replayed', 'true');
    reply.code(stored.status).type('application/json; charset=utf-8');
    return reply.send(stored.body);
  }

  async function settleKey(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const id = request.idempotency;
    if (!id) return payload;
    request.idempotency = null;
    const match = and(
      eq(idempotencyKeys.owner, id.owner),
      eq(idempotencyKeys.key, id.key),
      eq(idempotencyKeys.route, id.route),
      sql`${idempotencyKeys.status} is null`,
    );
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await db.update(idempotencyKeys).set({ status: reply.statusCode, body: payload }).where(match);
    } else {
      await db.delete(idempotencyKeys).where(match);
    }
    return payload;
  }
}

/** A route option's hooks as a list: Fastify accepts one function, a list, or none. */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** Housekeeping: answers past their day are of no use to anyone. */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
