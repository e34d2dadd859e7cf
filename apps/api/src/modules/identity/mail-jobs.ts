import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { MailMessage } from '../../platform/mail/ports';
import { identityDeps, type IdentityDeps } from './deps';
import { confirmationMail, passwordResetMail } from './mail-texts';
import { findUserByEmail } from './repositories/user-repository';
import { hasUsableCode, issueCode } from './services/code-service';

export const MAIL_QUEUE = 'mail';

/**
 * A mail the identity module sends in the background. Code mails name only the address: the worker looks the
 * account up and issues the code, so the request that asked does the same work whether or not an account exists
 * (and no code sits in clear in the job table). Notices carry their finished message.
 */
export type MailJob =
  | { kind: 'password-reset'; email: string }
  | { kind: 'confirmation'; email: string; onlyWithoutUsableCode?: boolean }
  | { kind: 'notice'; message: MailMessage };

/** Queues a mail; pass the transaction whose rows cause it, so it goes out only if they commit. */
export async function enqueueMail(deps: IdentityDeps, job: MailJob, tx?: Db): Promise<void> {
  await deps.jobs.send(MAIL_QUEUE, job, tx ? { tx } : {});
}

async function codeMail(deps: IdentityDeps, job: Exclude<MailJob, { kind: 'notice' }>) {
  const user = await findUserByEmail(deps.db, job.email);
  if (!user || user.deactivatedAt) return null;
  if (job.kind === 'password-reset') {
    const code = await deps.db.transaction((tx) => issueCode(deps, tx, user.id, 'RESET_PASSWORD'));
    return passwordResetMail(deps.config, user.email, code);
  }
  if (user.confirmedAt) return null;
  if (job.onlyWithoutUsableCode && (await hasUsableCode(deps, user.id, 'CONFIRM_SIGN_UP'))) return null;
  const code = await deps.db.transaction((tx) => issueCode(deps, tx, user.id, 'CONFIRM_SIGN_UP'));
  return confirmationMail(deps.config, user.email, code);
}

/** The `mail` queue: a failed delivery is retried with backoff, then kept in `mail-dead` for an operator. */
export function defineMailJobs(context: AppContext) {
  const deps = identityDeps(context);
  context.jobs.define<MailJob>(
    MAIL_QUEUE,
    async (job) => {
      const message = job.kind === 'notice' ? job.message : await codeMail(deps, job);
      if (message) await deps.mailer.send(message);
    },
    { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true, deadLetter: true, concurrency: 2 },
  );
}
