import { extractErrorMessage, MESSAGES } from '@casting/domain';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { resendEmail } from './apply-api';

/** After a submission: it arrived, and the private link to view or update it is in the talent's e-mail. */
export function SubmittedPanel({
  applicantId,
  email,
  token,
}: {
  applicantId: string;
  email: string;
  token: string;
}) {
  const http = useHttpClient();
  const [status, setStatus] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center">
      <h1 className="text-2xl font-semibold text-ink">{MESSAGES.submissionReceived}</h1>
      <p className="max-w-md text-base text-ink">
        Please check your e-mail: we sent a confirmation to <strong className="break-all">{email}</strong>{' '}
        with a private link to view and update your submission.
      </p>
      <button
        type="button"
        disabled={sending}
        onClick={() => {
          setSending(true);
          resendEmail(http, applicantId, token)
            .then(
              () => setStatus(MESSAGES.sentSuccessfully),
              (error: unknown) => setStatus(extractErrorMessage(error)),
            )
            .finally(() => setSending(false));
        }}
        className="min-h-11 rounded-md border border-line px-4 text-base text-ink hover:bg-canvas"
      >
        {sending ? 'Sending…' : 'Resend the e-mail'}
      </button>
      <p role="status" className="text-sm text-ink-muted">
        {status}
      </p>
    </section>
  );
}
