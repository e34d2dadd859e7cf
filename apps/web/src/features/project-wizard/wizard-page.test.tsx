import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildProjectDetail, buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

// The wizard against a fetch double; the drafts API is tested against a real database in apps/api/test/projects.
const me = buildUser({ id: 'me', roleCode: 'CASTING_DIRECTOR', fullName: 'Wendy Wizard' });

function project(name: string, version: number) {
  return buildProjectDetail({ id: 'd1', name, version, owner: { id: 'me', fullName: 'Wendy Wizard' } });
}

describe('the project wizard', () => {
  it('goes back to step 1 of a draft and saves onto the draft’s project, creating no second one', async () => {
    let current = project('Salt Marsh', 3);
    const double = createFetchDouble({
      'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
      'GET /api/users/me': () => jsonResponse(200, me),
      'GET /api/projects/drafts/d1': () =>
        jsonResponse(200, {
          id: 'd1',
          name: current.name,
          step: 'OPPORTUNITIES',
          updatedAt: current.updatedAt,
        }),
      'GET /api/projects/drafts': () => jsonResponse(200, { items: [] }),
      'GET /api/v2/projects/d1': () => jsonResponse(200, current),
      'GET /api/v2/projects/d1/roles': () => jsonResponse(200, { items: [] }),
      'PATCH /api/v2/projects/d1': (call) => {
        current = { ...current, ...(call.body as { name: string }), version: current.version + 1 };
        return jsonResponse(200, current);
      },
    });
    renderApp('/projects/create/d1', double.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Previous step' }, { timeout: 5_000 }));

    const name = await screen.findByLabelText('Project name');
    expect(screen.getByText('1. Project')).toHaveAttribute('aria-current', 'step');
    expect(name).toHaveValue('Salt Marsh');
    await user.clear(name);
    await user.type(name, 'Salt Marsh Revisited');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { name: 'Set up Salt Marsh Revisited' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2. Opportunities')).toHaveAttribute('aria-current', 'step'));
    expect(screen.queryByLabelText('Project name')).not.toBeInTheDocument();
    const patch = double.callsTo('PATCH /api/v2/projects/d1');
    expect(patch).toHaveLength(1);
    expect(patch[0]!.body).toMatchObject({ name: 'Salt Marsh Revisited', version: 3 });
    expect(double.callsTo('POST /api/projects/drafts')).toHaveLength(0);
  });

  it('shows the link made at step 4 with its address, a copy button and its QR code', async () => {
    const current = project('Salt Marsh', 3);
    const double = createFetchDouble({
      'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
      'GET /api/users/me': () => jsonResponse(200, me),
      'GET /api/projects/drafts/d1': () =>
        jsonResponse(200, { id: 'd1', name: current.name, step: 'LINK', updatedAt: current.updatedAt }),
      'GET /api/projects/drafts': () => jsonResponse(200, { items: [] }),
      'GET /api/v2/projects/d1': () => jsonResponse(200, current),
      'GET /api/v2/projects/d1/roles/options': () =>
        jsonResponse(200, { items: [{ value: 'r1', label: 'Lead', description: null }] }),
      'GET /api/users/agencies/search': () =>
        jsonResponse(200, { items: [], limit: 20, offset: 0, hasMore: false }),
      'POST /api/v2/projects/d1/share-links/check-title': () => jsonResponse(200, { isUnique: true }),
      'POST /api/v2/projects/d1/share-links': () =>
        jsonResponse(201, [
          {
            id: 'l1',
            projectId: 'd1',
            groupId: 'g1',
            createdAt: '2031-01-01T00:00:00.000Z',
            link: '/castingcall/apply/AbCdEfGhIjKlMnOpQrStUvWx',
          },
        ]),
    });
    renderApp('/projects/create/d1', double.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create link' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createLinkDialogTitle });
    await user.type(within(dialog).getByLabelText('Title'), 'Open call');
    await user.click(await within(dialog).findByLabelText('Lead'));
    const create = within(dialog).getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled(), { timeout: 2_000 });
    await user.click(create);

    const step = await screen.findByRole('region', { name: 'First submission link' });
    const address = `${window.location.origin}/castingcall/apply/AbCdEfGhIjKlMnOpQrStUvWx`;
    expect(await within(step).findByText(address)).toBeVisible();
    expect(within(step).getByRole('button', { name: MESSAGES.copyLink })).toBeVisible();
    const qr = within(step).getByRole('button', { name: 'Download the QR code of Open call as QR_Code.png' });
    expect(qr.querySelector('canvas')).not.toBeNull();
    expect(within(step).getByRole('status')).toHaveTextContent('Link created. Finish to open the project.');
  });
});
