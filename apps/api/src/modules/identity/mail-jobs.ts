import type { AppContext } from '../../platform/context';
import { defineMailQueue } from '../../platform/mail/queue';
import { identityDeps, type IdentityDeps } from './deps';
import { confirmationMail, passwordResetMail } from './mail-texts';
import { findUserByEmail } from './repositories/user-repository';
import { hasUsableCode, issueCode } from './services/code-service';
import { signInUnlockMail, unlockToken } from './sign-in-unlock';

/**
 * A code mail, queued on the platform's mail queue. It names only the address: the worker looks the account up and
 * issues the code, so the request that asked does the same work whether or not an account exists (and no code sits
 * in clear in the job table). Identity's notices are finished messages, queued as they are.
 */
export type CodeMailJob =
  | { kind: 'password-reset'; email: string }
  | { kind: 'confirmation'; email: string; onlyWithoutUsableCode?: boolean }
  | { kind: 'sign-in-unlock'; email: string };

async function codeMail(deps: IdentityDeps, job: CodeMailJob) {
  const user = await findUserByEmail(deps.db, job.email);
  if (!user || user.deactivatedAt) return null;
  if (job.kind === 'sign-in-unlock') {
    return signInUnlockMail(deps.config, user.email, unlockToken(deps.keys.signInUnlock, user.id));
  }
  if (job.kind === 'password-reset') {
    const code = await deps.db.transaction((tx) => issueCode(deps, tx, user.id, 'RESET_PASSWORD'));
    return passwordResetMail(deps.config, user.email, code);
  }
  if (user.confirmedAt) return null;
  if (job.onlyWithoutUsableCode && (await hasUsableCode(deps, user.id, 'CONFIRM_SIGN_UP'))) return null;
  const code = await deps.db.transaction((tx) => issueCode(deps, tx, user.id, 'CONFIRM_SIGN_UP'));
  return confirmationMail(deps.config, user.email, code);
}

/** The worker of the platform's `mail` queue, which composes identity's code mails. */
export function defineMailJobs(context: AppContext) {
  const deps = identityDeps(context);
  defineMailQueue<CodeMailJob>(deps.jobs, deps.mailer, (job) => codeMail(deps, job));
}
