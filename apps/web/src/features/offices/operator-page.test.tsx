import type { OperatorOffice } from '@casting/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

function office(id: string, name: string, status: OperatorOffice['status']): OperatorOffice {
  return {
    id,
    name,
    status,
    ownerEmails: [`owner@${id}.test`],
    createdAt: '2031-01-01T00:00:00.000Z',
    supportUntil: null,
  };
}

function operatorServer() {
  const offices = [
    office('o-1', 'Harbor Casting', 'PENDING_APPROVAL'),
    { ...office('o-2', 'Northwind Casting', 'ACTIVE'), supportUntil: '2031-01-02T09:30:00.000Z' },
    office('o-3', 'Old Mill Casting', 'SUSPENDED'),
  ];
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, buildUser({ roleCode: 'SUPER_ADMIN' })),
    'GET /api/operator/offices': (call) => {
      const status = new URL(call.url, 'http://localhost').searchParams.get('status');
      const items = status ? offices.filter((item) => item.status === status) : offices;
      return jsonResponse(200, { items, nextCursor: null });
    },
    'POST /api/operator/offices/o-2/support-session': () =>
      jsonResponse(200, {
        office: { id: 'o-2', name: 'Northwind Casting', status: 'ACTIVE', role: 'OWNER', current: true },
        expiresAt: '2031-01-02T09:30:00.000Z',
      }),
    'PATCH /api/operator/offices/o-1': (call) => {
      const { status } = call.body as { status: OperatorOffice['status'] };
      offices[0] = { ...(offices[0] as OperatorOffice), status };
      return jsonResponse(200, offices[0]);
    },
  });
}

describe('operator offices page', () => {
  it('opens on the offices awaiting approval and approves one after confirmation', async () => {
    const server = operatorServer();
    renderApp('/operator/offices', server.fetch);
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Offices' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Harbor Casting']);
    expect(within(list).getByText('Owners: owner@o-1.test')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Approve Harbor Casting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Harbor Casting?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(server.callsTo('PATCH /api/operator/offices/o-1')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/operator/offices/o-1')[0]?.body).toEqual({ status: 'ACTIVE' });
    expect(await screen.findByText('Harbor Casting is approved')).toBeInTheDocument();
    expect(await screen.findByText('No office has this status.')).toBeInTheDocument();
  });

  it('filters by status and offers suspension of an active office', async () => {
    const server = operatorServer();
    renderApp('/operator/offices', server.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Any status' }));

    const list = await screen.findByRole('list', { name: 'Offices' });
    await waitFor(() => expect(within(list).getAllByRole('heading')).toHaveLength(3));
    expect(within(list).getByRole('button', { name: 'Suspend Northwind Casting' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Reactivate Old Mill Casting' })).toBeInTheDocument();
    const last = server.callsTo('GET /api/operator/offices').at(-1);
    expect(new URL(last?.url ?? '', 'http://localhost').searchParams.get('status')).toBeNull();
  });

  it('offers the way into an office only while it grants support access, and says until when', async () => {
    const server = operatorServer();
    renderApp('/operator/offices', server.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Any status' }));
    const list = await screen.findByRole('list', { name: 'Offices' });
    await waitFor(() => expect(within(list).getAllByRole('heading')).toHaveLength(3));

    expect(within(list).getAllByRole('button', { name: /^Work in this office/ })).toHaveLength(1);
    const northwind = within(list).getByRole('listitem', { name: 'Northwind Casting' });
    expect(within(northwind).getByText(/^Grants you support access until .*2031/)).toBeInTheDocument();
    await user.click(
      within(northwind).getByRole('button', { name: 'Work in this office: Northwind Casting' }),
    );

    await waitFor(() =>
      expect(server.callsTo('POST /api/operator/offices/o-2/support-session')).toHaveLength(1),
    );
    expect(
      await screen.findByText(/^You are working in Northwind Casting with its owners’ rights until/),
    ).toBeInTheDocument();
  });
});
