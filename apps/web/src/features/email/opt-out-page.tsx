import { extractErrorMessage } from '@casting/domain';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { optOut } from './email-api';

/**
 * /email/opt-out/:token: the unsubscribe link of a project's e-mail. Opening the page changes nothing (mail
 * scanners open links); the person confirms with the button.
 */
export function EmailOptOutPage() {
  const { token = '' } = useParams();
  const http = useHttpClient();
  const confirm = useMutation({ mutationFn: () => optOut(http, token) });
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-6">
      <Logo />
      <h1 className="text-2xl font-semibold text-ink">Unsubscribe</h1>
      {confirm.isSuccess ? (
        <p role="status" className="text-ink">
          {confirm.data.message} ({confirm.data.projectName})
        </p>
      ) : (
        <>
          <p className="text-ink">
            Stop e-mails from this project’s casting team? Messages about a submission you make later still
            reach you.
          </p>
          {confirm.isError ? (
            <p role="alert" className="text-sm text-danger">
              {extractErrorMessage(confirm.error)}
            </p>
          ) : null}
          <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {confirm.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        </>
      )}
    </div>
  );
}
