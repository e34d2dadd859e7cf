import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@casting/domain';
import type { ProjectActor, ProjectScope, TeamMember } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { Toaster } from '../../ui/toaster';
import { buildMember, SCOPE_TABLE } from './team-fixtures';
import { TeamButton } from './team-button';

const OWNER = buildMember({
  id: 'a-owner',
  email: 'dana@example.com',
  scope: 'PROJECT_OWNER',
  isOwner: true,
  user: { id: 'u-owner', fullName: 'Dana Whitford', imageUrl: null },
});
const EDITOR = buildMember({
  id: 'a-pe',
  email: 'eli@example.com',
  scope: 'PROJECT_EDITOR',
  user: null,
  status: 'INVITED',
});
const TALENT_EDITOR = buildMember({ id: 'a-te', email: 'tomas@example.com', scope: 'TALENT_EDITOR' });
const SUBMITTER = buildMember({
  id: 'a-ts',
  email: 'sam@example.com',
  scope: 'TALENT_SUBMITTER',
  user: { id: 'u-ts', fullName: 'Sam Okafor', imageUrl: null },
});
const TEAM: TeamMember[] = [OWNER, EDITOR, TALENT_EDITOR, SUBMITTER];

const ACCESSES = 'GET /api/projects/p1/accesses';
const INVITE = 'POST /api/projects/p1/accesses';

function setup(
  { actor = 'PO', scope = 'PROJECT_OWNER' }: { actor?: ProjectActor; scope?: ProjectScope | null } = {},
  handlers: Record<string, FetchHandler> = {},
) {
  const double = createFetchDouble({
    'GET /api/projects/access-scopes': () => jsonResponse(200, { items: SCOPE_TABLE }),
    [ACCESSES]: () => jsonResponse(200, { items: TEAM, total: TEAM.length }),
    ...handlers,
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        <TeamButton projectId="p1" actor={actor} viewerScope={scope} />
        <Toaster />
      </HttpClientProvider>
    </QueryClientProvider>,
  );
  return { double, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Invite team members' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite team members' });
  await within(dialog).findByRole('list', { name: 'Team members' });
  return dialog;
}

async function invite(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  email: string,
  role: string,
) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), email);
  await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: role }));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
}

describe('team dialog', () => {
  // Sonner keeps its toasts in module state: a new Toaster would show the previous test's ones.
  afterEach(() => {
    toast.dismiss();
  });

  it('loads the member list only while the dialog is open', async () => {
    const { double, user } = setup();

    expect(double.callsTo(ACCESSES)).toHaveLength(0);
    const dialog = await openDialog(user);

    expect(double.callsTo(ACCESSES)).toHaveLength(1);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    expect(dialog).toHaveStyle({ maxWidth: '730px' });
  });

  it('for a talent editor: disables role dropdowns and hides removal of members above them', async () => {
    const { user } = setup({ actor: 'TE', scope: 'TALENT_EDITOR' });
    const dialog = await openDialog(user);

    expect(within(dialog).getByRole('combobox', { name: 'Role of Dana Whitford' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Role of eli@example.com' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Role of Tomas Reyes' })).toBeEnabled();
    expect(within(dialog).getByRole('combobox', { name: 'Role of Sam Okafor' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Remove Dana Whitford' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove eli@example.com' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove Tomas Reyes' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove Sam Okafor' })).toBeInTheDocument();
  });

  it("invites and says 'Team member added successfully'", async () => {
    const { double, user } = setup(
      {},
      {
        [INVITE]: () => jsonResponse(200, { accesses: [EDITOR], duplicateEmails: [], talentEmails: [] }),
      },
    );
    const dialog = await openDialog(user);

    await invite(user, dialog, 'Eli@Example.com', 'Project Editor');

    expect(await screen.findByText(MESSAGES.teamMemberAdded)).toBeInTheDocument();
    expect(double.callsTo(INVITE)[0]?.body).toEqual({
      invitations: [{ email: 'eli@example.com', scope: 'PROJECT_EDITOR' }],
      skipWarning: false,
    });
    expect(double.callsTo(ACCESSES)).toHaveLength(2);
  });

  it("shows 'Cannot Add Talent as Team Member' for talent addresses in the answer", async () => {
    const { user } = setup(
      {},
      {
        [INVITE]: () =>
          jsonResponse(200, { accesses: [], duplicateEmails: [], talentEmails: ['star@example.com'] }),
      },
    );
    const dialog = await openDialog(user);

    await invite(user, dialog, 'star@example.com', 'Talent Editor');

    const warning = await screen.findByRole('dialog', { name: MESSAGES.cannotAddTalentTitle });
    expect(warning).toHaveTextContent('star@example.com');
    expect(warning).toHaveTextContent('associated with a Talent on the platform');
    expect(screen.queryByText(MESSAGES.teamMemberAdded)).not.toBeInTheDocument();
  });

  it('asks about a different agency and re-sends with skipWarning on "Yes, proceed"', async () => {
    let attempts = 0;
    const { double, user } = setup(
      {},
      {
        [INVITE]: () => {
          attempts += 1;
          return attempts === 1
            ? jsonResponse(409, {
                code: 'AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY',
                message: 'Different agency',
              })
            : jsonResponse(200, { accesses: [TALENT_EDITOR], duplicateEmails: [], talentEmails: [] });
        },
      },
    );
    const dialog = await openDialog(user);
    await invite(user, dialog, 'agent@example.com', 'Talent Submitter');

    const warning = await screen.findByRole('dialog', { name: MESSAGES.inviteDifferentAgencyTitle });
    await user.click(within(warning).getByRole('button', { name: MESSAGES.inviteDifferentAgencyConfirm }));

    expect(await screen.findByText(MESSAGES.teamMemberAdded)).toBeInTheDocument();
    expect(double.callsTo(INVITE).map((call) => call.body)).toEqual([
      { invitations: [{ email: 'agent@example.com', scope: 'TALENT_SUBMITTER' }], skipWarning: false },
      { invitations: [{ email: 'agent@example.com', scope: 'TALENT_SUBMITTER' }], skipWarning: true },
    ]);
    await vi.waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue(''));
  });

  it('sends nothing more when the different-agency warning is cancelled', async () => {
    const { double, user } = setup(
      {},
      {
        [INVITE]: () =>
          jsonResponse(409, { code: 'AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY', message: 'Different agency' }),
      },
    );
    const dialog = await openDialog(user);
    await invite(user, dialog, 'agent@example.com', 'Talent Submitter');

    const warning = await screen.findByRole('dialog', { name: MESSAGES.inviteDifferentAgencyTitle });
    await user.click(within(warning).getByRole('button', { name: MESSAGES.cancel }));

    expect(
      screen.queryByRole('dialog', { name: MESSAGES.inviteDifferentAgencyTitle }),
    ).not.toBeInTheDocument();
    expect(double.callsTo(INVITE)).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('agent@example.com');
  });

  it('changes a role with the catalogue toasts', async () => {
    const { double, user } = setup(
      {},
      {
        'PATCH /api/projects/p1/access/a-te': () =>
          jsonResponse(200, { ...TALENT_EDITOR, scope: 'PROJECT_EDITOR' }),
      },
    );
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('combobox', { name: 'Role of Tomas Reyes' }));
    await user.click(await screen.findByRole('option', { name: 'Project Editor' }));

    expect(await screen.findByText(MESSAGES.memberRoleUpdated)).toBeInTheDocument();
    expect(double.callsTo('PATCH /api/projects/p1/access/a-te')[0]?.body).toEqual({
      scope: 'PROJECT_EDITOR',
    });
  });

  it("says 'Failed to update member role' when the change is refused", async () => {
    const { user } = setup(
      {},
      {
        'PATCH /api/projects/p1/access/a-te': () =>
          jsonResponse(403, { code: 'PERMISSION_DENIED', message: 'Your project role does not allow that.' }),
      },
    );
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('combobox', { name: 'Role of Tomas Reyes' }));
    await user.click(await screen.findByRole('option', { name: 'Project Editor' }));

    expect(await screen.findByText(MESSAGES.memberRoleUpdateFailed)).toBeInTheDocument();
  });

  it('never offers Talent Submitter in a role change', async () => {
    const { user } = setup();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('combobox', { name: 'Role of Tomas Reyes' }));

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Talent Editor',
      'Project Owner',
      'Project Editor',
    ]);
  });

  it('removes a member after the confirmation', async () => {
    const { double, user } = setup({}, { 'DELETE /api/projects/p1/access/a-ts': () => jsonResponse(204) });
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Sam Okafor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Team member deletion' });
    expect(confirm).toHaveTextContent(MESSAGES.confirmTeamMemberDeletion);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(MESSAGES.teamMemberRemoved)).toBeInTheDocument();
    expect(double.callsTo('DELETE /api/projects/p1/access/a-ts')).toHaveLength(1);
  });

  it('sends a pending invitation again, and offers it only for invitations, with a close button on the dialog', async () => {
    const { double, user } = setup(
      {},
      { 'POST /api/projects/p1/access/a-pe/resend': () => jsonResponse(204) },
    );
    const dialog = await openDialog(user);

    expect(within(dialog).getAllByRole('button', { name: /^Resend invite/ })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Resend invite to eli@example.com' }));

    expect(await screen.findByText(MESSAGES.inviteResent)).toBeInTheDocument();
    expect(double.callsTo('POST /api/projects/p1/access/a-pe/resend')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.closeDialog }));
    expect(screen.queryByRole('dialog', { name: 'Invite team members' })).not.toBeInTheDocument();
  });
});
