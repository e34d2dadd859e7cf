import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { RecordedCall } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

const me = buildUser({
  id: 'me',
  roleCode: 'SUPER_ADMIN',
  firstName: 'Sam',
  lastName: 'Admin',
  fullName: 'Sam Admin',
});

function adminUser(index: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    ...buildUser({
      id: `u-${index}`,
      roleCode: 'CASTING_DIRECTOR',
      firstName: `Person${index}`,
      lastName: 'Doe',
      fullName: `Person${index} Doe`,
      email: `person${index}@example.com`,
    }),
    confirmed: true,
    deactivated: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const ROLES = {
  items: [
    { value: 1, code: 'SUPER_ADMIN', label: 'Super Admin' },
    { value: 2, code: 'CASTING_DIRECTOR', label: 'Casting Director' },
    { value: 3, code: 'CASTING_ASSISTANT', label: 'Casting Assistant' },
    { value: 4, code: 'CLIENT', label: 'Client' },
    { value: 5, code: 'TALENT', label: 'Talent' },
  ],
};

function api(total = 3) {
  const everyone = [
    { ...adminUser(0), ...me, confirmed: true, deactivated: false },
    ...Array.from({ length: total - 1 }, (_, i) => adminUser(i + 1)),
  ];
  const double = createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, me),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'GET /api/users/lookups/roles': () => jsonResponse(200, ROLES),
    'GET /api/users': (call: RecordedCall) => {
      const url = new URL(call.url, 'http://localhost');
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const q = url.searchParams.get('q');
      const matching = q ? everyone.filter((user) => user.email.includes(q)) : everyone;
      return jsonResponse(200, {
        items: matching.slice(offset, offset + limit),
        total: matching.length,
        limit,
        offset,
      });
    },
    'PATCH /api/users/u-1': (call) => jsonResponse(200, { ...adminUser(1), ...(call.body as object) }),
  });
  return double;
}

describe('users page', () => {
  it('lists users in an accessible table with each one named in the row header', async () => {
    renderApp('/users', api().fetch);

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Role', 'Status', 'Second factor', 'Actions']);
    expect(within(table).getByRole('rowheader', { name: /Person1 Doe/ })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
    // The super admin's own row cannot demote or deactivate itself.
    expect(screen.getByRole('button', { name: 'Deactivate Sam Admin' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role of Sam Admin' })).toBeDisabled();
  });

  it('changes a role', async () => {
    const double = api();
    renderApp('/users', double.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: 'Role of Person1 Doe' }));
    await user.click(await screen.findByRole('option', { name: 'Talent' }));

    await waitFor(() => expect(double.callsTo('PATCH /api/users/u-1')).toHaveLength(1));
    expect(double.callsTo('PATCH /api/users/u-1')[0]?.body).toEqual({ roleCode: 'TALENT' });
    expect(await screen.findByText('Person1 Doe is now Talent')).toBeInTheDocument();
  });

  it('requires a second factor and deactivates after confirmation', async () => {
    const double = api();
    renderApp('/users', double.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('checkbox', { name: 'Required second factor for Person1 Doe' }));
    await waitFor(() => expect(double.callsTo('PATCH /api/users/u-1')).toHaveLength(1));
    expect(double.callsTo('PATCH /api/users/u-1')[0]?.body).toEqual({ otpRequired: true });

    await user.click(screen.getByRole('button', { name: 'Deactivate Person1 Doe' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Person1 Doe?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(double.callsTo('PATCH /api/users/u-1')).toHaveLength(2));
    expect(double.callsTo('PATCH /api/users/u-1')[1]?.body).toEqual({ deactivated: true });
    expect(await screen.findByText('Person1 Doe was deactivated')).toBeInTheDocument();
  });

  // Three pages, two pauses for the search delay, and typing: more than the default 5 s on a busy machine.
  it('searches from 3 characters and pages through 20 at a time', async () => {
    const double = api(45);
    renderApp('/users', double.fetch);
    const user = userEvent.setup();

    expect(await screen.findByText('Showing 1–20 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 21–40 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 41–45 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.type(screen.getByLabelText('Search users'), 'pe');
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search users'), 'rson4');

    expect(await screen.findByText('Showing 1–6 of 6', {}, { timeout: 2000 })).toBeInTheDocument();
    const queries = double
      .callsTo('GET /api/users')
      .map((call) => new URL(call.url, 'http://x').searchParams.get('q'));
    expect(queries).not.toContain('pe');
    expect(queries.at(-1)).toBe('person4');
  }, 20_000);
});
