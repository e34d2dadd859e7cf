import { MESSAGES, OFFICE_MESSAGES, OFFICE_TEXTS } from '@casting/domain';
import type { OfficeRole } from '@casting/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { member, officesServer } from './offices-fixtures';

const MEMBERS = [
  member('me', 'Dana Scott', 'OWNER'),
  member('u-2', 'Ari Lee', 'CASTING_ASSISTANT'),
  member('u-3', 'Sam Cole', 'CASTING_DIRECTOR'),
];

const INVITATION = {
  id: 'inv-1',
  email: 'noor@example.com',
  role: 'CASTING_DIRECTOR',
  invitedBy: 'Dana Scott',
  createdAt: '2031-01-01T00:00:00.000Z',
  expiresAt: '2031-01-15T00:00:00.000Z',
};

function membersServer(myRole: OfficeRole = 'OWNER') {
  return officesServer({
    myRole,
    overrides: {
      'GET /api/offices/current/members': () => jsonResponse(200, { items: MEMBERS, nextCursor: null }),
      'GET /api/offices/current/invitations': () => jsonResponse(200, { items: [INVITATION] }),
      'PATCH /api/offices/current/members/u-2': (call) =>
        jsonResponse(200, { ...MEMBERS[1], ...(call.body as object) }),
      'DELETE /api/offices/current/members/u-2': () => jsonResponse(204),
      'DELETE /api/offices/current/invitations/inv-1': () => jsonResponse(204),
      'POST /api/offices/current/invitations': () => jsonResponse(201, INVITATION),
    },
  });
}

describe('members page', () => {
  it("disables every role select for a member who does not run the office, and offers no owner's controls", async () => {
    renderApp('/office/members', membersServer('CASTING_DIRECTOR').fetch);

    const select = await screen.findByRole('combobox', { name: 'Role of Ari Lee' });
    expect(select).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role of Dana Scott' })).toBeDisabled();
    expect(screen.getByText(OFFICE_TEXTS.onlyOwnersManageMembers)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ari Lee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).not.toBeInTheDocument();
  });

  it("lets an owner change a member's role", async () => {
    const server = membersServer();
    renderApp('/office/members', server.fetch);
    const user = userEvent.setup();

    const select = await screen.findByRole('combobox', { name: 'Role of Ari Lee' });
    expect(select).toBeEnabled();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Casting Director' }));

    await waitFor(() => expect(server.callsTo('PATCH /api/offices/current/members/u-2')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/offices/current/members/u-2')[0]?.body).toEqual({
      role: 'CASTING_DIRECTOR',
    });
    expect(await screen.findByText('Ari Lee is now Casting Director')).toBeInTheDocument();
  });

  it('says why the last owner cannot step down', async () => {
    const server = membersServer();
    server.on('PATCH /api/offices/current/members/me', () =>
      jsonResponse(409, { code: 'CONFLICT', message: OFFICE_MESSAGES.lastOwner }),
    );
    renderApp('/office/members', server.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: 'Role of Dana Scott' }));
    await user.click(await screen.findByRole('option', { name: 'Casting Assistant' }));

    expect(await screen.findByText(OFFICE_MESSAGES.lastOwner)).toBeInTheDocument();
  });

  it('removes a member only after confirmation, and never the owner themselves', async () => {
    const server = membersServer();
    renderApp('/office/members', server.fetch);
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Remove Dana Scott' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Ari Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ari Lee from the office?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE /api/offices/current/members/u-2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Ari Lee' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Ari Lee from the office?' })).getByRole(
        'button',
        {
          name: 'Remove',
        },
      ),
    );

    await waitFor(() => expect(server.callsTo('DELETE /api/offices/current/members/u-2')).toHaveLength(1));
    expect(await screen.findByText('Ari Lee was removed from the office')).toBeInTheDocument();
  });

  it('lists pending invitations and revokes one', async () => {
    const server = membersServer();
    renderApp('/office/members', server.fetch);
    const user = userEvent.setup();

    const section = (await screen.findByRole('heading', { name: 'Pending invitations' })).closest('section');
    expect(await within(section as HTMLElement).findByText('noor@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation to noor@example.com' }));

    await waitFor(() =>
      expect(server.callsTo('DELETE /api/offices/current/invitations/inv-1')).toHaveLength(1),
    );
    expect(await screen.findByText('The invitation to noor@example.com was revoked')).toBeInTheDocument();
  });

  it('invites by e-mail with a role and shows the quota refusal in the server’s words', async () => {
    const quota = 'You have sent the most invitations allowed today. Try again tomorrow.';
    const server = membersServer();
    let refused = true;
    server.on('POST /api/offices/current/invitations', () =>
      refused ? jsonResponse(429, { code: 'RATE_LIMITED', message: quota }) : jsonResponse(201, INVITATION),
    );
    renderApp('/office/members', server.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.type(within(dialog).getByLabelText('E-mail address'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(MESSAGES.inviteInvalidEmail)).toBeInTheDocument();
    expect(server.callsTo('POST /api/offices/current/invitations')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('E-mail address'));
    await user.type(within(dialog).getByLabelText('E-mail address'), 'Noor@Example.com');
    await user.click(within(dialog).getByRole('combobox', { name: 'Their role' }));
    await user.click(await screen.findByRole('option', { name: 'Casting Director' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(quota);
    expect(server.callsTo('POST /api/offices/current/invitations')[0]?.body).toEqual({
      email: 'noor@example.com',
      role: 'CASTING_DIRECTOR',
    });

    refused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to noor@example.com')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});
