import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

function api(user = buildUser({ roleCode: 'CASTING_DIRECTOR' })) {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, user),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'POST /api/users/authenticator': () =>
      jsonResponse(200, {
        otpUrl: 'otpauth://totp/Casting:dana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Casting',
      }),
    'PATCH /api/users/me/phone': () =>
      jsonResponse(200, { codeDeliveryDetails: { destination: '+*******4567' } }),
    'POST /api/users/me/phone/verify': () =>
      jsonResponse(200, { phoneNumber: '+15551234567', smsMfaEnabled: true }),
    'GET /api/users/me/sessions': () => jsonResponse(200, { items: [] }),
  });
}

describe('profile page', () => {
  it('shows who is signed in and links to editing', async () => {
    renderApp('/profile', api().fetch);

    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    expect(screen.getByText('Dana Scott')).toBeInTheDocument();
    expect(screen.getByText('dana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Casting Director')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
  });

  it('sets up an authenticator in a dialog that can be cancelled', async () => {
    renderApp('/profile', api().fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Set up authenticator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    expect(await within(dialog).findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers to replace an authenticator that is on', async () => {
    renderApp('/profile', api(buildUser({ otpEnabled: true, otpRequired: true })).fetch);

    expect(await screen.findByRole('button', { name: 'Replace authenticator' })).toBeInTheDocument();
    expect(screen.getByText(/Two-factor authentication is on/)).toHaveTextContent(
      'Your administrator requires it for your account.',
    );
  });

  it('verifies a phone number for text-message codes and shows the number it now uses', async () => {
    const double = api();
    renderApp('/profile', double.fetch);
    const user = userEvent.setup();

    expect(
      await screen.findByText('Text-message codes are off: no phone number is set.'),
    ).toBeInTheDocument();
    // The apply form's phone field: the US dial code to start with, shown as a prefix the number keeps.
    const phone = screen.getByRole('group', { name: 'Phone number' });
    expect(within(phone).getByLabelText('Country dial code')).toHaveValue('US');
    expect(within(phone).getByText('+1')).toBeVisible();
    await user.type(screen.getByLabelText('Phone number'), '555-1234');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
        expect.stringContaining('Please enter a valid phone number.'),
      ),
    );
    expect(double.callsTo('PATCH /api/users/me/phone')).toHaveLength(0);
    await user.selectOptions(within(phone).getByLabelText('Country dial code'), 'GB');
    expect(within(phone).getByText('+44')).toBeVisible();
    expect(screen.getByLabelText('Phone number')).toHaveValue('555-1234');
    await user.selectOptions(within(phone).getByLabelText('Country dial code'), 'US');

    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '(555) 123-4567');
    // The message goes as soon as the number is valid, before sending again.
    expect(screen.getByLabelText('Phone number')).not.toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid phone number.'),
    );
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code by text message to +*******4567.')).toBeInTheDocument();
    double.on('GET /api/users/me', () =>
      jsonResponse(
        200,
        buildUser({ roleCode: 'CASTING_DIRECTOR', phoneNumber: '+*******4567', smsMfaEnabled: true }),
      ),
    );
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify number' }));

    expect(
      await screen.findByText('Text-message codes are on: sign-in codes go to +*******4567.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Text-message sign-in codes are on')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'New phone number' })).toBeInTheDocument();
    expect(double.callsTo('PATCH /api/users/me/phone')[0]?.body).toEqual({ phoneNumber: '+15551234567' });
    expect(double.callsTo('POST /api/users/me/phone/verify')[0]?.body).toEqual({ code: '123456' });
  }, 15_000);

  it('offers no phone number when the installation has text-message sign-in off, and says why', async () => {
    renderApp(
      '/profile',
      api(
        buildUser({
          roleCode: 'CASTING_DIRECTOR',
          phoneNumber: '+*******4567',
          smsMfaEnabled: true,
          textSignIn: false,
        }),
      ).fetch,
    );

    const section = (await screen.findByRole('heading', { name: 'Text-message codes' })).closest('section')!;
    expect(
      within(section).getByText(
        'Codes by text message are turned off on this installation. Use an authenticator app as your second step instead.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('group', { name: /phone number/i })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    // A number kept from before the setting changed can still be taken away.
    expect(within(section).getByRole('button', { name: 'Remove phone number' })).toBeInTheDocument();
  });
});

describe('profile edit page', () => {
  it('refuses an avatar address that is not https, then saves name and avatar', async () => {
    const double = api();
    const saved = buildUser({ firstName: 'Dana', lastName: 'Scully', fullName: 'Dana Scully' });
    double.on('PATCH /api/users/me', () => jsonResponse(200, saved));
    const { router } = renderApp('/profile/edit', double.fetch);
    const user = userEvent.setup();

    const lastName = await screen.findByLabelText('Last name');
    expect(lastName).toHaveValue('Scott');
    await user.clear(lastName);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('Last name is required'));

    await user.type(lastName, 'Scully');
    await user.type(screen.getByLabelText('Avatar image URL'), 'http://example.com/me.png');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Avatar image URL')).toHaveAccessibleDescription(
        expect.stringContaining('Invalid URL'),
      ),
    );

    await user.clear(screen.getByLabelText('Avatar image URL'));
    await user.type(screen.getByLabelText('Avatar image URL'), 'https://example.com/me.png');
    double.on('GET /api/users/me', () => jsonResponse(200, saved));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(double.callsTo('PATCH /api/users/me')[0]?.body).toEqual({
      firstName: 'Dana',
      lastName: 'Scully',
      imageUrl: 'https://example.com/me.png',
    });
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('Dana Scully')).toBeInTheDocument();
  });

  it('removes the avatar when the address is emptied', async () => {
    const double = api(buildUser({ imageUrl: 'https://example.com/old.png' }));
    double.on('PATCH /api/users/me', () => jsonResponse(200, buildUser()));
    renderApp('/profile/edit', double.fetch);
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText('Avatar image URL'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(double.callsTo('PATCH /api/users/me')).toHaveLength(1));
    expect(double.callsTo('PATCH /api/users/me')[0]?.body).toMatchObject({ imageUrl: null });
  });
});
