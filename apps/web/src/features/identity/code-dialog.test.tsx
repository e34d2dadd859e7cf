import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignInNextStep } from '@casting/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchDouble } from '../../../test/fetch-double';
import { AppProviders } from '../../app/providers';
import { createAuthService } from '../../lib/auth/auth-service';
import { createQueryClient } from '../../lib/query/query-client';
import { CodeDialog } from './code-dialog';

const smsStep: SignInNextStep = {
  status: 'NEXT_STEP',
  signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  session: 'challenge-sms',
  codeDeliveryDetails: { destination: '+*******1234' },
};
const totpStep: SignInNextStep = {
  status: 'NEXT_STEP',
  signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  session: 'challenge-totp',
};

function api(): FetchDouble {
  return createFetchDouble({
    'POST /api/auth/refresh': () =>
      jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
    'POST /api/auth/resend-sign-in-code': () =>
      jsonResponse(200, { codeDeliveryDetails: { destination: '+*******9876' } }),
  });
}

function renderDialog(step: SignInNextStep, double: FetchDouble) {
  const auth = createAuthService({ fetch: double.fetch, log: () => undefined });
  const onClose = vi.fn();
  render(
    <AppProviders auth={auth} queryClient={createQueryClient()}>
      <CodeDialog step={step} onClose={onClose} />
    </AppProviders>,
  );
  return { auth, onClose };
}

/** Lets timers run and the promises they release settle, inside act. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('sign-in code dialog, text-message step', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the 30 s resend countdown by itself and ticks it each second', async () => {
    vi.useFakeTimers();
    const double = api();
    renderDialog(smsStep, double);
    await advance(0);

    expect(screen.getByRole('dialog', { name: 'Enter verification code' })).toHaveAccessibleDescription(
      'We sent a 6-digit code by text message to +*******1234.',
    );
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    await advance(1000);
    expect(screen.getByRole('button', { name: 'Resend code in 29s' })).toBeDisabled();
    await advance(28_000);
    expect(screen.getByRole('button', { name: 'Resend code in 1s' })).toBeDisabled();
    await advance(1000);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    expect(double.callsTo('POST /api/auth/resend-sign-in-code')).toHaveLength(0);
  });

  it('resends with the challenge handle, says so, and restarts the countdown', async () => {
    vi.useFakeTimers();
    const double = api();
    renderDialog(smsStep, double);
    await advance(30_000);

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await advance(0);

    expect(double.callsTo('POST /api/auth/resend-sign-in-code')[0]?.body).toEqual({
      session: 'challenge-sms',
    });
    await advance(0);
    expect(screen.getByText('Code resent successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'We sent a 6-digit code by text message to +*******9876.',
    );
  });

  it('says resending failed and lets the person try again at once', async () => {
    vi.useFakeTimers();
    const double = api();
    double.on('POST /api/auth/resend-sign-in-code', () =>
      jsonResponse(429, { code: 'RATE_LIMITED', message: 'Too many attempts.' }),
    );
    renderDialog(smsStep, double);
    await advance(30_000);

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await advance(0);

    await advance(0);
    expect(screen.getByText('Failed to resend code. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });
});

describe('sign-in code dialog, authenticator step', () => {
  it('offers no resend, since an authenticator code cannot be sent again', () => {
    renderDialog(totpStep, api());

    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'Enter the 6-digit code your authenticator app shows.',
    );
    expect(screen.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
  });

  it('asks for a code before sending anything', async () => {
    const double = api();
    renderDialog(totpStep, double);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Verify' }));

    // The resolver validates asynchronously: the message appears after the click has returned.
    await waitFor(() =>
      expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription('Code is required'),
    );
    expect(double.callsTo('POST /api/auth/confirm-sign-in')).toHaveLength(0);
  });

  it("turns the server's wrong-code answer into the friendly text, then accepts a retry", async () => {
    const double = api();
    double.on('POST /api/auth/confirm-sign-in', () =>
      jsonResponse(400, { code: 'INVALID_CODE', message: 'Invalid code or auth state for the user.' }),
    );
    const { auth } = renderDialog(totpStep, double);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Verification code');

    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(auth.getState().status).toBe('signedOut');

    double.on('POST /api/auth/confirm-sign-in', () =>
      jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant() }),
    );
    double.on('GET /api/users/me', () => jsonResponse(200, buildUser()));
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await vi.waitFor(() => expect(auth.getState().status).toBe('signedIn'));
    expect(double.callsTo('POST /api/auth/confirm-sign-in').at(-1)?.body).toEqual({
      challengeResponse: '123456',
      session: 'challenge-totp',
    });
  });

  it('shows any other refusal as the server words it', async () => {
    const double = api();
    double.on('POST /api/auth/confirm-sign-in', () =>
      jsonResponse(429, {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait a minute and try again.',
      }),
    );
    renderDialog(totpStep, double);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByText('Too many attempts. Please wait a minute and try again.'),
    ).toBeInTheDocument();
  });

  it('abandons the challenge on Cancel', async () => {
    const { onClose } = renderDialog(totpStep, api());
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onClose).toHaveBeenCalled();
  });
});

describe('sign-in code dialog, recovery code', () => {
  it('offers a recovery code at the authenticator step and sends it as the challenge response', async () => {
    const double = api();
    double.on('POST /api/auth/confirm-sign-in', () =>
      jsonResponse(400, { code: 'INVALID_CODE', message: 'Invalid code or auth state for the user.' }),
    );
    const { auth } = renderDialog(totpStep, double);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = await screen.findByLabelText('Recovery code');
    expect(screen.getByRole('dialog', { name: 'Enter a recovery code' })).toBeInTheDocument();

    await user.type(field, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeInTheDocument();

    double.on('POST /api/auth/confirm-sign-in', () =>
      jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant() }),
    );
    double.on('GET /api/users/me', () => jsonResponse(200, buildUser({ otpEnabled: true })));
    await user.clear(field);
    await user.type(field, 'k7m2q-x9ta4');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await vi.waitFor(() => expect(auth.getState().status).toBe('signedIn'));
    expect(double.callsTo('POST /api/auth/confirm-sign-in').at(-1)?.body).toEqual({
      challengeResponse: 'k7m2q-x9ta4',
      session: 'challenge-totp',
    });
  });

  it('is not offered at the text-message step, and leads back to the app code', async () => {
    renderDialog(smsStep, api());
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
  });
});
