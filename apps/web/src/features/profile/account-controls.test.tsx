import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildOffice, buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

const SESSIONS = {
  items: [
    {
      id: 'track-1',
      createdAt: '2026-11-20T09:00:00.000Z',
      lastActivityAt: '2026-11-22T09:00:00.000Z',
      device: 'Firefox on Windows',
      userAgent: 'Mozilla/5.0 Firefox/128.0',
      ipAddress: '203.0.113.7',
      current: true,
    },
    {
      id: 'phone-session',
      createdAt: '2026-11-21T18:30:00.000Z',
      lastActivityAt: '2026-11-21T19:00:00.000Z',
      device: 'Safari on iOS',
      userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1',
      ipAddress: '198.51.100.20',
      current: false,
    },
  ],
};

function api(user = buildUser({ roleCode: 'CASTING_DIRECTOR' })) {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, user),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'GET /api/users/me/sessions': () => jsonResponse(200, SESSIONS),
    'GET /api/projects': () => jsonResponse(200, { items: [], total: 0, limit: 20, offset: 0 }),
  });
}

describe('profile: change password', () => {
  it('shows a wrong current password on its field, then changes it', async () => {
    const double = api();
    double.on('PUT /api/users/me/password', () =>
      jsonResponse(403, { code: 'FORBIDDEN', message: 'Your password is not correct.' }),
    );
    renderApp('/profile', double.fetch);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Change password' });
    const current = within(section).getByLabelText('Current password');

    await user.type(current, 'Wrong#Pass11');
    await user.type(within(section).getByLabelText('New password'), 'Lantern$Meadow81');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('Your password is not correct.'));

    double.on('PUT /api/users/me/password', () => jsonResponse(200, { passwordChanged: true }));
    await user.clear(current);
    await user.type(current, 'Velvet#Harbor42');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password was changed. Other devices were signed out.'),
    ).toBeInTheDocument();
    expect(double.callsTo('PUT /api/users/me/password').at(-1)?.body).toEqual({
      currentPassword: 'Velvet#Harbor42',
      newPassword: 'Lantern$Meadow81',
    });
    expect(current).toHaveValue('');
  }, 15_000);
});

describe('profile: active sessions', () => {
  it('lists each session with its device and address, marks this one, and signs another out', async () => {
    const double = api();
    double.on('DELETE /api/users/me/sessions/phone-session', () => new Response(null, { status: 204 }));
    renderApp('/profile', double.fetch);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Active sessions' });

    const rows = await within(section).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/203\.0\.113\.7/)).toBeInTheDocument();
    // The current session cannot be signed out from the list (that is what Sign out in the menu is for).
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Safari on iOS')).toBeInTheDocument();

    double.on('GET /api/users/me/sessions', () => jsonResponse(200, { items: [SESSIONS.items[0]] }));
    await user.click(within(rows[1]!).getByRole('button', { name: /^Sign out: Safari on iOS/ }));

    expect(await screen.findByText('The session was signed out.')).toBeInTheDocument();
    expect(double.callsTo('DELETE /api/users/me/sessions/phone-session')).toHaveLength(1);
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(
      within(section).queryByRole('button', { name: 'Sign out all other sessions' }),
    ).not.toBeInTheDocument();
  }, 15_000);

  it('signs out every other session at once', async () => {
    const double = api();
    double.on('DELETE /api/users/me/sessions', () => jsonResponse(200, { revoked: 1 }));
    renderApp('/profile', double.fetch);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Active sessions' });

    await user.click(await within(section).findByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('All other sessions were signed out.')).toBeInTheDocument();
    expect(double.callsTo('DELETE /api/users/me/sessions')).toHaveLength(1);
  }, 15_000);
});

describe('profile: recovery codes', () => {
  it('generates new codes after the password and shows them once', async () => {
    const double = api(buildUser({ roleCode: 'CASTING_DIRECTOR', otpEnabled: true }));
    const codes = Array.from({ length: 10 }, (_, i) => `pqrst-uvwx${i + 2}`);
    double.on('POST /api/users/me/recovery-codes', () => jsonResponse(200, { recoveryCodes: codes }));
    renderApp('/profile', double.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Generate new recovery codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Generate new recovery codes?' });
    await user.type(within(confirm).getByLabelText('Password'), 'Velvet#Harbor42');
    await user.click(within(confirm).getByRole('button', { name: 'Generate new recovery codes' }));

    const shown = await screen.findByRole('dialog', { name: 'Recovery codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(double.callsTo('POST /api/users/me/recovery-codes')[0]?.body).toEqual({
      password: 'Velvet#Harbor42',
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 15_000);
});

describe('forced password change', () => {
  it('covers the app after sign-in until a generated password is replaced', async () => {
    const forced = buildUser({ mustChangePassword: true });
    const double = api(forced);
    double.on('PUT /api/users/me/password', () => jsonResponse(200, { passwordChanged: true }));
    const office = buildOffice({ myRole: 'OWNER' });
    double.on('GET /api/offices/current', () => jsonResponse(200, office));
    double.on('GET /api/offices/mine', () =>
      jsonResponse(200, {
        items: [{ id: office.id, name: office.name, status: office.status, role: 'OWNER', current: true }],
      }),
    );
    double.on('GET /api/projects/drafts', () => jsonResponse(200, { items: [] }));
    // Until the password is changed, the API refuses the projects list as it refuses everything else.
    double.on('GET /api/projects', () =>
      jsonResponse(403, { code: 'PASSWORD_CHANGE_REQUIRED', message: 'Choose a new password to continue.' }),
    );
    renderApp('/projects', double.fetch);
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    expect(
      within(dialog).getByText('Your password was generated for you. Choose your own password to continue.'),
    ).toBeInTheDocument();
    // It cannot be dismissed: Escape leaves it open.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeInTheDocument();

    double.on('GET /api/users/me', () => jsonResponse(200, { ...forced, mustChangePassword: false }));
    double.on('GET /api/projects', () =>
      jsonResponse(200, { items: [], total: 0, totalCapped: false, limit: 20, offset: 0, nextCursor: null }),
    );
    await user.type(within(dialog).getByLabelText('Current password'), 'generated-Password-123');
    await user.type(within(dialog).getByLabelText('New password'), 'Lantern$Meadow81');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Change password' })).not.toBeInTheDocument(),
    );
    expect(double.callsTo('PUT /api/users/me/password')[0]?.body).toEqual({
      currentPassword: 'generated-Password-123',
      newPassword: 'Lantern$Meadow81',
    });
    // The projects page asks again and shows its list, not the refusal from before.
    expect(await screen.findByText('No projects yet.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  }, 15_000);
});
