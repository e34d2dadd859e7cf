import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchDouble, deferred, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { mailboxLink } from './mail-provider';
import { RESEND_IDLE, resendReducer } from './resend-cycle';
import type { ResendEvent, ResendState } from './resend-cycle';

const notSignedIn = () => jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' });
const codeRequested = { message: 'If this address belongs to an account, a code has been sent to it.' };

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function resendButton() {
  return screen.getByRole('button', { name: /Resend|Sending|EMAIL SENT/ });
}

describe('check-email page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the address and opens the provider's web mail from 'Go to Email'", async () => {
    renderApp(
      '/auth/check-email?email=dana%40gmail.com',
      createFetchDouble({ 'POST /api/auth/refresh': notSignedIn }).fetch,
    );
    await advance(0);

    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('dana@gmail.com')).toBeInTheDocument();
    const goToEmail = screen.getByRole('link', { name: 'Go to Email' });
    expect(goToEmail).toHaveAttribute('href', 'https://mail.google.com/');
    expect(goToEmail).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'I have a code' })).toHaveAttribute(
      'href',
      '/auth/reset-password?email=dana%40gmail.com',
    );
  });

  it("runs idle, sending, 'EMAIL SENT', a 30 s countdown, and idle again, sending once", async () => {
    const answer = deferred<Response>();
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'POST /api/auth/forgot-password': () => answer.promise,
    });
    renderApp('/auth/check-email?email=dana%40example.com', api.fetch);
    await advance(0);

    expect(resendButton()).toHaveAccessibleName('Resend email');
    fireEvent.click(resendButton());
    fireEvent.click(resendButton());
    await advance(0);
    expect(resendButton()).toHaveAccessibleName('Sending…');
    expect(resendButton()).toBeDisabled();

    answer.resolve(jsonResponse(200, codeRequested));
    await advance(0);
    expect(resendButton()).toHaveAccessibleName('EMAIL SENT');
    expect(resendButton()).toBeDisabled();

    await advance(2000);
    expect(resendButton()).toHaveAccessibleName('Resend in 30s');
    await advance(1000);
    expect(resendButton()).toHaveAccessibleName('Resend in 29s');
    fireEvent.click(resendButton());
    await advance(28_000);
    expect(resendButton()).toHaveAccessibleName('Resend in 1s');
    expect(resendButton()).toBeDisabled();
    await advance(1000);
    expect(resendButton()).toHaveAccessibleName('Resend email');
    expect(resendButton()).toBeEnabled();

    expect(api.callsTo('POST /api/auth/forgot-password')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'dana@example.com' });
  });

  it("goes back to idle and shows the error text or 'An unknown error occurred.'", async () => {
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      'POST /api/auth/forgot-password': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp('/auth/check-email?email=dana%40example.com', api.fetch);
    await advance(0);

    fireEvent.click(resendButton());
    await advance(0);
    await advance(0);

    expect(screen.getByText('An unknown error occurred.')).toBeInTheDocument();
    expect(resendButton()).toHaveAccessibleName('Resend email');
    expect(resendButton()).toBeEnabled();
  });
});

describe('resend cycle rules', () => {
  const run = (events: ResendEvent[], from: ResendState = RESEND_IDLE) => events.reduce(resendReducer, from);

  it.each<[string, ResendEvent[], ResendState]>([
    ['sending from idle', [{ type: 'send' }], { phase: 'sending', secondsLeft: 0 }],
    [
      'no second send while sending',
      [{ type: 'send' }, { type: 'send' }],
      { phase: 'sending', secondsLeft: 0 },
    ],
    ['back to idle on failure', [{ type: 'send' }, { type: 'failed' }], RESEND_IDLE],
    ['EMAIL SENT on success', [{ type: 'send' }, { type: 'succeeded' }], { phase: 'sent', secondsLeft: 0 }],
    [
      'a 30 s countdown after EMAIL SENT',
      [{ type: 'send' }, { type: 'succeeded' }, { type: 'sentShown' }],
      { phase: 'countdown', secondsLeft: 30 },
    ],
    [
      'no send during the countdown',
      [{ type: 'send' }, { type: 'succeeded' }, { type: 'sentShown' }, { type: 'send' }],
      { phase: 'countdown', secondsLeft: 30 },
    ],
    ['ticks do nothing when idle', [{ type: 'tick' }], RESEND_IDLE],
  ])('%s', (_name, events, expected) => {
    expect(run(events)).toEqual(expected);
  });

  it('returns to idle after the 30th tick', () => {
    const countdown: ResendState = { phase: 'countdown', secondsLeft: 30 };
    const ticks = Array.from({ length: 29 }, (): ResendEvent => ({ type: 'tick' }));
    expect(run(ticks, countdown)).toEqual({ phase: 'countdown', secondsLeft: 1 });
    expect(run([...ticks, { type: 'tick' }], countdown)).toEqual(RESEND_IDLE);
  });
});

describe("'Go to Email' destination", () => {
  it.each([
    ['dana@gmail.com', 'https://mail.google.com/', true],
    ['Dana@Outlook.com', 'https://outlook.live.com/mail/', true],
    ['dana@yahoo.com', 'https://mail.yahoo.com/', true],
    ['dana@casting-office.example', 'mailto:', false],
    ['', 'mailto:', false],
  ])('%s opens %s', (email, href, external) => {
    expect(mailboxLink(email)).toEqual({ href, external });
  });
});
