import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchDouble } from '../../../test/fetch-double';
import { AppProviders } from '../../app/providers';
import { createAuthService } from '../../lib/auth/auth-service';
import { createQueryClient } from '../../lib/query/query-client';
import { mustSetUpTwoFactor } from './open-rules';
import { manualEntryOf } from './otp-url';

const OTP_URL =
  'otpauth://totp/Casting:dana%40example.com?issuer=Casting&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';

describe('when the two-factor set-up must open', () => {
  const required = buildUser({ otpRequired: true, otpEnabled: false });
  const enabled = buildUser({ otpRequired: true, otpEnabled: true });
  const optional = buildUser({ otpRequired: false, otpEnabled: false });

  it.each([
    ['signed out', null, null, false],
    ['required and not enabled', required, null, true],
    ['required and enabled', enabled, null, false],
    ['not required, nothing refused', optional, null, false],
    ['not required as loaded, but a call answered TOTP_NOT_ENABLED', optional, optional.id, true],
    ['refused for another user', optional, 'someone-else', false],
    ['refused, but enabled since', enabled, enabled.id, false],
  ])('%s', (_name, user, refusedUserId, open) => {
    expect(mustSetUpTwoFactor({ user, refusedUserId })).toBe(open);
  });
});

describe('manual entry of the otpauth URL', () => {
  it('reads the secret in groups of four, the issuer and the account', () => {
    expect(manualEntryOf(OTP_URL)).toEqual({
      secret: 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
      issuer: 'Casting',
      account: 'dana@example.com',
    });
  });

  it('refuses anything that is not an otpauth URL with a secret', () => {
    expect(manualEntryOf('https://example.com/?secret=ABC')).toBeNull();
    expect(manualEntryOf('otpauth://totp/Casting:dana')).toBeNull();
    expect(manualEntryOf('not a url')).toBeNull();
  });
});

function api(user = buildUser({ otpRequired: true, otpEnabled: false })): FetchDouble {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, user),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'POST /api/users/authenticator': () => jsonResponse(200, { otpUrl: OTP_URL }),
    'POST /api/auth/sign-out': () => jsonResponse(204),
  });
}

function renderApp(double: FetchDouble) {
  const auth = createAuthService({ fetch: double.fetch, log: () => undefined });
  render(
    <AppProviders auth={auth} queryClient={createQueryClient()}>
      <p>page</p>
    </AppProviders>,
  );
  return { auth };
}

describe("'Set Up Two-Factor Authentication' dialog", () => {
  it('opens for a required, not enabled second factor with the QR code and the key', async () => {
    renderApp(api());

    const dialog = await screen.findByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(dialog).toContainElement(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it("says 'Invalid Verification code' for a wrong or empty code, then enables with a good one", async () => {
    const double = api();
    double.on('PATCH /api/users/authenticator/enable', () =>
      jsonResponse(400, { code: 'INVALID_CODE', message: 'Invalid Verification code' }),
    );
    renderApp(double);
    const user = userEvent.setup();
    await screen.findByRole('img', { name: /QR code/ });
    const field = screen.getByLabelText('Verification code');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Invalid Verification code'));
    expect(double.callsTo('PATCH /api/users/authenticator/enable')).toHaveLength(0);

    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Invalid Verification code'));

    const enabledUser = buildUser({ otpRequired: true, otpEnabled: true });
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i + 2}k`);
    double.on('PATCH /api/users/authenticator/enable', () =>
      jsonResponse(200, { ...enabledUser, recoveryCodes }),
    );
    double.on('GET /api/users/me', () => jsonResponse(200, enabledUser));
    await user.clear(field);
    await user.type(field, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    // The set-up closes; the new recovery codes are shown once, until dismissed.
    const codesDialog = await screen.findByRole('dialog', { name: 'Recovery codes' });
    const list = within(codesDialog).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    await user.click(within(codesDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(double.callsTo('PATCH /api/users/authenticator/enable').at(-1)?.body).toEqual({ code: '123456' });
    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
  });

  it('opens when any call answers TOTP_NOT_ENABLED, and catches the user up', async () => {
    const double = api(buildUser({ otpRequired: false, otpEnabled: false }));
    double.on('GET /api/projects', () =>
      jsonResponse(403, {
        code: 'TOTP_NOT_ENABLED',
        message: 'Set up two-factor authentication to continue.',
      }),
    );
    const { auth } = renderApp(double);
    await waitFor(() => expect(auth.getState().status).toBe('signedIn'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await auth.http.send('/projects').catch(() => undefined);

    expect(
      await screen.findByRole('dialog', { name: 'Set Up Two-Factor Authentication' }),
    ).toBeInTheDocument();
    expect(double.callsTo('GET /api/users/me')).toHaveLength(2);
  });

  it('offers Sign out instead of leaving a required set-up', async () => {
    const double = api();
    const { auth } = renderApp(double);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(auth.getState().status).toBe('signedOut'));
    expect(double.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays closed for an account that does not require a second factor', async () => {
    const { auth } = renderApp(api(buildUser()));

    await waitFor(() => expect(auth.getState().status).toBe('signedIn'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
