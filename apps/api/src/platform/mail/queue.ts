import type { Db } from '../db/client';
import type { Jobs } from '../jobs/ports';
import type { Mailer, MailMessage } from './ports';

/**
 * The background mail queue every module sends through, so a request never waits on the mail server and a mail
 * caused by rows goes out only if they commit. A failed delivery is retried with backoff, then kept in `mail-dead`
 * for an operator.
 */
export const MAIL_QUEUE = 'mail';

/**
 * The queue of identity's code mails (sign-up confirmation and password reset codes), with workers of its own: a
 * person waiting for a code is never behind a burst of notices (applications, roster notices) in `mail`
 * (decision 0161). Only code mails go here, one per request that asks for one, limited per account and address.
 */
export const MAIL_CODE_QUEUE = 'mail-codes';

/** A finished message, sent as it is. */
export interface NoticeMailJob {
  kind: 'notice';
  message: MailMessage;
}

/**
 * Any job of the mail queue. Other than a notice, the module that queues it composes the message when the job runs
 * (identity's code mails, which issue their code only then).
 */
export interface MailJob {
  kind: string;
}

/** Queues a mail; pass the transaction whose rows cause it, so it goes out only if they commit. */
export async function enqueueMail<J extends MailJob = NoticeMailJob>(
  jobs: Pick<Jobs, 'send'>,
  job: J,
  tx?: Db,
): Promise<void> {
  await jobs.send(MAIL_QUEUE, job, tx ? { tx } : {});
}

/** Queues a code mail on its own queue, which bulk mail cannot delay; composed by the worker when it runs. */
export async function enqueueCodeMail<J extends MailJob>(
  jobs: Pick<Jobs, 'send'>,
  job: J,
  tx?: Db,
): Promise<void> {
  await jobs.send(MAIL_CODE_QUEUE, job, tx ? { tx } : {});
}

/**
 * Declares the workers of both mail queues: a notice is sent as it is; any other job is handed to `compose`, whose
 * null means there is nothing to send. Defined once, by the module whose jobs need composing. The code queue is
 * declared first, so its workers are taking jobs before the bulk queue's start.
 */
export function defineMailQueue<J extends MailJob>(
  jobs: Jobs,
  mailer: Mailer,
  compose: (job: J) => Promise<MailMessage | null>,
) {
  const handler = async (job: NoticeMailJob | J) => {
    const message = isNotice(job) ? job.message : await compose(job);
    if (message) await mailer.send(message);
  };
  const options = {
    retryLimit: 4,
    retryDelaySeconds: 30,
    retryBackoff: true,
    deadLetter: true,
    concurrency: 2,
  };
  jobs.define<NoticeMailJob | J>(MAIL_CODE_QUEUE, handler, options);
  // Code mails queued here before they had a queue of their own are still composed.
  jobs.define<NoticeMailJob | J>(MAIL_QUEUE, handler, options);
}

function isNotice(job: MailJob): job is NoticeMailJob {
  return job.kind === 'notice';
}
