import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/client';
import type { Jobs } from '../../platform/jobs/ports';
import type { Mailer, TextMessenger } from '../../platform/mail/ports';
import { identityKeys, type IdentityKeys } from './crypto/keys';

/** Everything the identity services use, built once per application context. */
export interface IdentityDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  texts: TextMessenger;
  jobs: Jobs;
  keys: IdentityKeys;
}

/** Who is on the other end of a request, as far as the server can tell: for limits, the sessions list, notices. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
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
      jobs: context.jobs,
      keys: identityKeys(context.config),
    };
    cache.set(context, deps);
  }
  return deps;
}

export function codeExpiry(deps: IdentityDeps, now = Date.now()): Date {
  return new Date(now + deps.config.CODE_TTL_MINUTES * 60_000);
}
