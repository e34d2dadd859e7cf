import type { Db } from '../db/client';
import type { Jobs } from '../jobs/ports';
import type { Mailer, MailMessage } from './ports';

/**
 * The background mail queue every module sends through, so a request never waits on the mail server and a mail
 * caused by rows goes out only if they commit. A failed delivery is retried with backoff, then kept in `mail-dead`
 * for an operator.
 */
export const MAIL_QUEUE = 'mail';

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

/**
 * Declares the queue's worker: a notice is sent as it is; any other job is handed to `compose`, whose null means
 * there is nothing to send. Defined once, by the module whose jobs need composing.
 */
export function defineMailQueue<J extends MailJob>(
  jobs: Jobs,
  mailer: Mailer,
  compose: (job: J) => Promise<MailMessage | null>,
) {
  jobs.define<NoticeMailJob | J>(
    MAIL_QUEUE,
    async (job) => {
      const message = isNotice(job) ? job.message : await compose(job);
      if (message) await mailer.send(message);
    },
    { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true, deadLetter: true, concurrency: 2 },
  );
}

function isNotice(job: MailJob): job is NoticeMailJob {
  return job.kind === 'notice';
}
