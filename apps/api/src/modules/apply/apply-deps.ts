import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { enqueueMail } from '../../platform/mail/queue';
import type { claimMail } from './mail';

/** What the apply operations need from the application context. */
export interface ApplyDeps {
  db: Db;
  jobs: AppContext['jobs'];
  publicUrl: string;
  config: AppContext['config'];
  events?: AppContext['events'];
  /** Geocodes an application's address before its transaction opens. */
  addresses: AppContext['addresses'];
}

/** Queues a notice mail in the transaction that decided it, so it goes only if that commits. */
export async function sendMail(deps: ApplyDeps, tx: Db, message: ReturnType<typeof claimMail>) {
  await enqueueMail(deps.jobs, { kind: 'notice', message }, tx);
}
