import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectActor } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildProjectDetail, buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

const me = buildUser({ id: 'me', roleCode: 'CASTING_DIRECTOR', fullName: 'Dana Whitford' });

function project(actor: ProjectActor) {
  return buildProjectDetail({
    projectAccessScope: actor === 'PO' ? 'PROJECT_OWNER' : 'TALENT_SUBMITTER',
    projectActor: actor,
    owner: { id: 'me', fullName: 'Dana Whitford' },
  });
}

function api(actor: ProjectActor) {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, me),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'GET /api/v2/projects/p1': () => jsonResponse(200, project(actor)),
    'GET /api/v2/projects/p1/roles': () => jsonResponse(200, { items: [] }),
  });
}

describe('a project without opportunities', () => {
  it('says what opportunities are and offers the button that adds the first one', async () => {
    renderApp('/projects/roles/p1', api('PO').fetch);
    const user = userEvent.setup();

    expect(await screen.findByText('No opportunities yet.', {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add the first opportunity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add opportunity' });
    expect(within(dialog).getByRole('textbox', { name: /name/i })).toBeInTheDocument();
  });

  it('tells someone who may not add one who does, with no button', async () => {
    renderApp('/projects/roles/p1', api('TS').fetch);

    expect(
      await screen.findByText(/they appear here once the project’s editors add them/, {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add the first opportunity' })).toBeNull();
  });
});
