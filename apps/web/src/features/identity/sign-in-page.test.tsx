import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

function signInAnswering(answer: FetchHandler) {
  return createFetchDouble({
    'POST /api/auth/refresh': () =>
      jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
    'POST /api/auth/sign-in': answer,
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
  });
}

async function submitCredentials(email = 'dana@example.com') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in page', () => {
  it('sends an unconfirmed account to confirm its address', async () => {
    const api = signInAnswering(() =>
      jsonResponse(200, { status: 'NEXT_STEP', signInStep: 'CONFIRM_SIGN_UP', session: '' }),
    );
    const { router } = renderApp('/auth/sign-in', api.fetch);

    await submitCredentials('New.Person@Example.com');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/confirm-user'));
    expect(router.state.location.search).toBe('?email=new.person%40example.com');
    expect(
      await screen.findByText('Confirmation code sent to your email', { exact: false }),
    ).toBeInTheDocument();
  });

  it('opens the code dialog for an authenticator step and lands on /projects after the code', async () => {
    const api = signInAnswering(() =>
      jsonResponse(200, {
        status: 'NEXT_STEP',
        signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
        session: 'c-1',
      }),
    );
    api.on('POST /api/auth/confirm-sign-in', () =>
      jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant() }),
    );
    api.on('GET /api/users/me', () => jsonResponse(200, buildUser({ roleCode: 'CASTING_DIRECTOR' })));
    const { router } = renderApp('/auth/sign-in', api.fetch);

    const user = await submitCredentials();
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('forgets a cancelled challenge: signing in again confirms against the new one', async () => {
    let challenge = 0;
    const api = signInAnswering(() => {
      challenge += 1;
      return jsonResponse(200, {
        status: 'NEXT_STEP',
        signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
        session: `c-${challenge}`,
      });
    });
    api.on('POST /api/auth/confirm-sign-in', () =>
      jsonResponse(400, { code: 'INVALID_CODE', message: 'Invalid code or auth state for the user.' }),
    );
    renderApp('/auth/sign-in', api.fetch);

    const user = await submitCredentials();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/confirm-sign-in').map((call) => call.body)).toEqual([
      { challengeResponse: '654321', session: 'c-2' },
    ]);
  });
});
