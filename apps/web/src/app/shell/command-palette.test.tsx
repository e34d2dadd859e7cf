import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { staticCommands } from './command-palette';

function api(roleCode: 'SUPER_ADMIN' | 'CLIENT' = 'SUPER_ADMIN') {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, buildUser({ roleCode })),
    'GET /api/projects': () => jsonResponse(200, { items: [], total: 0 }),
  });
}

describe('command palette', () => {
  it('offers a client only pages that work for them, and no project creation', () => {
    expect(staticCommands(4).map((command) => command.label)).toEqual(['Projects', 'Profile']);
    // A client account's projects are its client review pages (decision 0142).
    expect(staticCommands(4)[0]?.to).toBe('/client/review-project');
    expect(staticCommands(2).find((command) => command.label === 'Projects')?.to).toBe('/projects');
    expect(staticCommands(3).map((command) => command.label)).not.toContain('Import');
    expect(staticCommands(1).map((command) => command.label)).toEqual([
      'New project',
      'Projects',
      'Users',
      'Enums',
      'Agencies',
      'Audit log',
      'Roster',
      'Import',
      'Offices',
      'Profile',
    ]);
    // The office's own pages follow the role in the current office, as the sidebar's entries do.
    expect(staticCommands(2, 'OWNER').map((command) => command.label)).toContain('Office settings');
    expect(staticCommands(2, 'CASTING_DIRECTOR').map((command) => command.label)).not.toContain(
      'Office settings',
    );
  });

  it('opens with Ctrl+K, filters as you type and goes where Enter says', async () => {
    const { router } = renderApp('/profile', api().fetch);
    const user = userEvent.setup();
    await screen.findByRole('navigation', { name: 'Main navigation' });

    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Jump to a project, page or action' });
    await user.type(input, 'use');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['UsersPages']);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(
      screen.queryByRole('combobox', { name: 'Jump to a project, page or action' }),
    ).not.toBeInTheDocument();
  });

  it("lists the shortcuts on '?'", async () => {
    renderApp('/profile', api().fetch);
    const user = userEvent.setup();
    await screen.findByRole('navigation', { name: 'Main navigation' });

    await user.keyboard('?');

    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
});
