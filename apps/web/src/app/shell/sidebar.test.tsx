import { render, screen, within } from '@testing-library/react';
import type { OfficeRole } from '@casting/domain';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './sidebar';

// Users, Enums, agencies, the audit log and the installation's offices (ours) are super-admin pages; the roster is
// for super admins and admins; Import is hidden from assistants (role id 3). The office's own pages need a role in
// the current office (below).
const VISIBLE_BY_ROLE_ID: Record<number, string[]> = {
  1: ['Projects', 'Users', 'Enums', 'Agencies', 'Audit log', 'Roster', 'Import', 'Offices'],
  2: ['Projects', 'Roster', 'Import'],
  3: ['Projects', 'Roster'],
  4: ['Projects'],
};

function renderSidebar(
  roleId: number,
  props: { collapsed?: boolean; locked?: boolean; officeRole?: OfficeRole | null } = {},
) {
  render(
    <MemoryRouter>
      <Sidebar
        roleId={roleId}
        officeRole={props.officeRole ?? null}
        collapsed={props.collapsed ?? false}
        locked={props.locked ?? false}
        onToggleCollapsed={() => undefined}
        mobileOpen={false}
        onCloseMobile={() => undefined}
      />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('Sidebar', () => {
  it.each(Object.entries(VISIBLE_BY_ROLE_ID))('shows role id %s exactly its entries', (roleId, labels) => {
    const nav = renderSidebar(Number(roleId));

    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(labels);
  });

  it.each([
    ['OWNER', ['Projects', 'Roster', 'Import', 'Members', 'Office settings']],
    ['CASTING_DIRECTOR', ['Projects', 'Roster', 'Import', 'Members']],
    ['CLIENT', ['Projects', 'Roster', 'Import']],
  ] as const)("adds the office's pages by the role in the office (%s)", (officeRole, labels) => {
    const nav = renderSidebar(2, { officeRole });

    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(labels);
    if (officeRole === 'OWNER') {
      expect(within(nav).getByRole('link', { name: 'Office settings' })).toHaveAttribute(
        'href',
        '/office/settings',
      );
    }
  });

  it('links each entry to its page', () => {
    const nav = renderSidebar(1);

    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(within(nav).getByRole('link', { name: 'Enums' })).toHaveAttribute('href', '/enums');
    expect(within(nav).getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/import');
  });

  it('is 224 px wide open', () => {
    expect(renderSidebar(1)).toHaveStyle({ width: '224px' });
  });

  it('is 66 px wide collapsed and keeps the link names for assistive technology', () => {
    const nav = renderSidebar(1, { collapsed: true });

    expect(nav).toHaveStyle({ width: '66px' });
    expect(within(nav).getByRole('link', { name: 'Projects' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Expand sidebar' })).toBeEnabled();
  });

  it('disables the collapse toggle when locked', () => {
    const nav = renderSidebar(1, { collapsed: true, locked: true });

    expect(within(nav).getByRole('button', { name: 'Expand sidebar' })).toBeDisabled();
  });
});
