import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/client';
import type { Mailer, TextMessenger } from '../../platform/mail/ports';
import { identityKeys, type IdentityKeys } from './crypto/keys';

/** Everything the identity services use, built once per application context. */
export interface IdentityDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  texts: TextMessenger;
  keys: IdentityKeys;
}

const cache = new WeakMap<AppContext, IdentityDeps>();

export function identityDeps(context: AppContext): IdentityDeps {
  let deps = cache.get(context);
  if (!deps) {
    deps = {
      db: context.database.db,
      config: context.config,
      log: context.log,
      mailer: context.mailer,
      texts: context.texts,
      keys: identityKeys(context.config),
    };
    cache.set(context, deps);
  }
  return deps;
}

/**
 * Sends without making the caller wait: calls that must not reveal whether an account exists answer in the same
 * time either way. A delivery failure is logged; the person can ask for the code again.
 */
export function deliverInBackground(deps: IdentityDeps, what: string, send: () => Promise<void>): void {
  send().catch((error: unknown) => deps.log.error({ err: error, what }, 'delivery failed'));
}

export function codeExpiry(deps: IdentityDeps, now = Date.now()): Date {
  return new Date(now + deps.config.CODE_TTL_MINUTES * 60_000);
}
