import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEvent } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { RecordedCall } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

// The API's answers come from a fetch test double: the page is what is under test here; the API's listing is
// tested against a real database in apps/api/test/audit.
const me = buildUser({
  id: 'me',
  roleCode: 'SUPER_ADMIN',
  firstName: 'Sam',
  lastName: 'Admin',
  fullName: 'Sam Admin',
});

function event(index: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: `e-${index}`,
    at: new Date(Date.UTC(2026, 10, 22, 12, 0, 60 - index)).toISOString(),
    actorUserId: null,
    actorEmail: `person${index}@example.com`,
    action: 'auth.sign-in',
    outcome: 'success',
    targetType: null,
    targetId: null,
    projectId: null,
    ip: '203.0.113.7',
    userAgent: 'test',
    details: {},
    ...overrides,
  };
}

function api(count = 3, pageSize = 2) {
  const all = Array.from({ length: count }, (_, i) =>
    event(
      i,
      i === 1 ? { outcome: 'refused', action: 'user.update', targetType: 'user', targetId: 'u-9' } : {},
    ),
  );
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, me),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'GET /api/admin/audit-events': (call: RecordedCall) => {
      const params = new URL(call.url, 'http://localhost').searchParams;
      const outcome = params.get('outcome');
      const matching = all.filter((e) => !outcome || e.outcome === outcome);
      const start = Number(params.get('cursor') ?? 0);
      const items = matching.slice(start, start + pageSize);
      const next = start + pageSize < matching.length ? String(start + pageSize) : null;
      return jsonResponse(200, { items, nextCursor: next });
    },
  });
}

describe('audit page', () => {
  it('lists events in an accessible table, newest first, and loads the next page on request', async () => {
    const double = api(3, 2);
    renderApp('/audit', double.fetch);

    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Action', 'Outcome', 'Actor', 'Target', 'Address']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: 'user.update' })).toBeInTheDocument();
    expect(within(table).getByText('user u-9')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('person2@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const cursors = double
      .callsTo('GET /api/admin/audit-events')
      .map((call) => new URL(call.url, 'http://x').searchParams.get('cursor'));
    expect(cursors).toEqual([null, '2']);
  });

  it('filters by outcome and says when nothing matches', async () => {
    const double = api(3, 10);
    renderApp('/audit', double.fetch);
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'refused');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(
      new URL(double.callsTo('GET /api/admin/audit-events').at(-1)?.url ?? '', 'http://x').searchParams.get(
        'outcome',
      ),
    ).toBe('refused');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'failure');
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
  });

  it('is not offered to a casting director', async () => {
    const director = buildUser({ id: 'cd', roleCode: 'CASTING_DIRECTOR' });
    const double = createFetchDouble({
      'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
      'GET /api/users/me': () => jsonResponse(200, director),
      'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
      'GET /api/v2/projects': () => jsonResponse(200, { items: [], total: 0, limit: 20, offset: 0 }),
    });
    renderApp('/audit', double.fetch);
    await waitFor(() => expect(double.callsTo('GET /api/users/me')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(double.callsTo('GET /api/admin/audit-events')).toHaveLength(0);
  });
});
