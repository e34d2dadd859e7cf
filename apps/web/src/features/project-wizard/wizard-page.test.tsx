import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
});
