import { MESSAGES, UI_TEXTS, PAGE_TITLES } from '@casting/domain';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast/toast';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { forgotPassword } from './identity-api';
import { AuthCard } from './auth-card';
import { errorText } from './error-text';
import { mailboxLink } from './mail-provider';
import { useResendCycle } from './resend-cycle';
import type { ResendCycle } from './resend-cycle';
import { EmailText } from '../../ui/email-text';

function resendLabel(cycle: ResendCycle): string {
  switch (cycle.phase) {
    case 'idle':
      return 'Resend email';
    case 'sending':
      return 'Sending…';
    case 'sent':
      return MESSAGES.emailSent;
    case 'countdown':
      return `Resend in ${cycle.secondsLeft}s`;
  }
}

/** Check email: the address, 'Go to Email', and resend with its cycle. */
export function CheckEmailPage() {
  const [query] = useSearchParams();
  const email = query.get('email')?.trim() ?? '';
  const http = useHttpClient();
  const send = useCallback(() => forgotPassword(http, email), [http, email]);
  const cycle = useResendCycle(send);
  const mailbox = mailboxLink(email);
  const linkClass =
    'inline-flex min-h-10 items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-on-accent hover:bg-accent-hover';

  const onResend = () => {
    cycle.resend().catch((error: unknown) => toast.error(errorText(error, MESSAGES.unknownErrorOccurred)));
  };

  return (
    <AuthCard title={PAGE_TITLES.checkYourEmail}>
      <div className="flex flex-col gap-4 text-center">
        <p className="text-sm text-ink-muted">
          If an account exists for{' '}
          <strong className="font-medium text-ink">
            {email ? <EmailText email={email} /> : 'your address'}
          </strong>
          , we have sent it a code to reset your password.
        </p>
        <a
          href={mailbox.href}
          className={linkClass}
          {...(mailbox.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {MESSAGES.goToEmail}
        </a>
        <Link
          to={paths.auth.resetPassword({ email })}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          I have a code
        </Link>
        <div className="flex flex-wrap items-center justify-center gap-1 text-sm text-ink-muted">
          <span>Didn&apos;t receive the email?</span>
          <Button variant="secondary" disabled={!cycle.canResend || !email} onClick={onResend}>
            {resendLabel(cycle)}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {cycle.phase === 'sent' ? MESSAGES.emailSent : ''}
        </p>
        <Link to={paths.auth.signIn} className="text-sm font-medium text-brand-700 hover:underline">
          {UI_TEXTS.backToSignIn}
        </Link>
      </div>
    </AuthCard>
  );
}
