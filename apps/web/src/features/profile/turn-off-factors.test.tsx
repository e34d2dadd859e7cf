import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@casting/domain';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

const WRONG_PASSWORD = { code: 'FORBIDDEN', message: 'Your password is not correct.' };

/** The API as a user with both factors on sees it; each removal answers and is then reflected by /users/me. */
function api(overrides: Partial<User> = {}) {
  let user = buildUser({
    roleCode: 'CASTING_DIRECTOR',
    otpEnabled: true,
    phoneNumber: '+*******4567',
    smsMfaEnabled: true,
    ...overrides,
  });
  const double = createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, user),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'GET /api/users/me/sessions': () => jsonResponse(200, { items: [] }),
    'DELETE /api/users/authenticator': (call) => {
      if ((call.body as { password: string }).password !== 'Right#Pass1')
        return jsonResponse(403, WRONG_PASSWORD);
      user = { ...user, otpEnabled: false };
      return jsonResponse(200, user);
    },
    'DELETE /api/users/me/phone': (call) => {
      if ((call.body as { password: string }).password !== 'Right#Pass1')
        return jsonResponse(403, WRONG_PASSWORD);
      user = { ...user, phoneNumber: null, smsMfaEnabled: false };
      return jsonResponse(200, user);
    },
  });
  return double;
}

describe('turning second factors off from the profile', () => {
  it('turns the authenticator off after the password, saying when the password is wrong', async () => {
    const double = api();
    renderApp('/profile', double.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Turn off authenticator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off authenticator' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Password is required'),
    );
    expect(double.callsTo('DELETE /api/users/authenticator')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'Wrong#Pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off authenticator' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
        'Your password is not correct.',
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Right#Pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off authenticator' }));

    expect(await screen.findByText('Authenticator app turned off')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText('Two-factor authentication with an authenticator app is off.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off authenticator' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up authenticator' })).toBeInTheDocument();
    expect(double.callsTo('DELETE /api/users/authenticator').map((call) => call.body)).toEqual([
      { password: 'Wrong#Pass1' },
      { password: 'Right#Pass1' },
    ]);
  }, 15_000);

  it('offers no way to turn off an authenticator the administrator requires', async () => {
    renderApp('/profile', api({ otpRequired: true }).fetch);

    expect(await screen.findByRole('button', { name: 'Replace authenticator' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off authenticator' })).not.toBeInTheDocument();
  });

  it('shows a refusal other than the password above the buttons', async () => {
    const double = api();
    double.on('DELETE /api/users/authenticator', () =>
      jsonResponse(409, {
        code: 'CONFLICT',
        message: 'Your administrator requires an authenticator app for this account.',
      }),
    );
    renderApp('/profile', double.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Turn off authenticator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the authenticator app?' });
    await user.type(within(dialog).getByLabelText('Password'), 'Right#Pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off authenticator' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your administrator requires an authenticator app for this account.',
    );
  });

  it('removes the phone number after the password, and Cancel leaves it in place', async () => {
    const double = api();
    renderApp('/profile', double.fetch);
    const user = userEvent.setup();

    expect(
      await screen.findByText('Text-message codes are on: sign-in codes go to +*******4567.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove phone number' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove your phone number?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(double.callsTo('DELETE /api/users/me/phone')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove phone number' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove your phone number?' });
    await user.type(within(dialog).getByLabelText('Password'), 'Right#Pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Remove phone number' }));

    expect(await screen.findByText('Phone number removed')).toBeInTheDocument();
    expect(
      await screen.findByText('Text-message codes are off: no phone number is set.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove phone number' })).not.toBeInTheDocument();
    expect(double.callsTo('DELETE /api/users/me/phone')[0]?.body).toEqual({ password: 'Right#Pass1' });
  }, 15_000);
});
