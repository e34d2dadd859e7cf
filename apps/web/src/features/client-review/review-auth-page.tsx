import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { askCode, verifyCode } from './client-review-api';
import { LinkUnavailable, ReviewFrame } from './review-frame';
import { storeViewer } from './viewer-session';

const inputClass =
  'min-h-11 w-full rounded-md border border-line bg-surface px-3 text-base text-ink focus-visible:outline-2 focus-visible:outline-accent';

function messageOf(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 429) return 'Too many tries. Please wait a minute and try again.';
    return error.data?.message ?? 'Something went wrong. Please try again.';
  }
  return 'We could not reach the server. Check your connection and try again.';
}

/**
 * /client/review-submission/auth?link={secret}: a viewer says who they are (name and e-mail), receives a 6-digit code
 * by e-mail and types it here; no account is made. Then the review opens.
 */
export function ClientReviewAuthPage() {
  const http = useHttpClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const secret = search.get('link') ?? '';
  const [step, setStep] = useState<'who' | 'code'>('who');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dead, setDead] = useState<'REVOKED' | 'EXPIRED' | 'UNKNOWN' | null>(null);

  if (!secret) return <LinkUnavailable reason="UNKNOWN" />;
  if (dead) return <LinkUnavailable reason={dead} />;

  const fail = (caught: unknown) => {
    if (caught instanceof HttpError && caught.code === 'CLIENT_LINK_REVOKED') setDead('REVOKED');
    else if (caught instanceof HttpError && caught.code === 'CLIENT_LINK_EXPIRED') setDead('EXPIRED');
    else if (caught instanceof HttpError && caught.status === 404 && step === 'who') setDead('UNKNOWN');
    else setError(messageOf(caught));
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await askCode(http, secret, { name: name.trim(), email: email.trim() });
      setStep('code');
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await verifyCode(http, secret, { email: email.trim(), code: code.trim() });
      storeViewer(secret, { viewerToken: session.viewerToken, name: session.viewer.name });
      // What the review page learnt before the viewer had a session is stale now.
      queryClient.removeQueries({ queryKey: ['client-review', secret] });
      void navigate(paths.client.reviewSubmission(secret), { replace: true });
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ReviewFrame
      heading={
        <>
          <h1 className="text-2xl font-semibold text-ink">Review candidates</h1>
          <p className="text-base text-ink-muted">
            {step === 'who'
              ? 'Tell the casting team who you are. We will e-mail you a code; no account is needed.'
              : `We sent a 6-digit code to ${email}. It expires in 15 minutes.`}
          </p>
        </>
      }
    >
      {step === 'who' ? (
        <form className="flex flex-col gap-4" onSubmit={(event) => void sendCode(event)} noValidate={false}>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Your name
            <input
              className={inputClass}
              autoComplete="name"
              required
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Your e-mail
            <input
              className={inputClass}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="min-h-11" disabled={busy || !name.trim() || !email.trim()}>
            {busy ? 'Sending the code…' : 'Send me a code'}
          </Button>
        </form>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(event) => void confirm(event)}>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            6-digit code
            <input
              className={`${inputClass} tracking-[0.3em]`}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
          </label>
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="min-h-11" disabled={busy || code.length !== 6}>
            {busy ? 'Checking…' : 'Open the review'}
          </Button>
          <Button
            variant="ghost"
            className="min-h-11"
            onClick={() => {
              setStep('who');
              setCode('');
              setError(null);
            }}
          >
            Use another e-mail or send a new code
          </Button>
        </form>
      )}
    </ReviewFrame>
  );
}
