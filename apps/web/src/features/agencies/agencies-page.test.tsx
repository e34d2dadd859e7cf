import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Agency } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { RecordedCall } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

// The API is a fetch double: the page is under test here; the listing and the verification are tested against a
// real database in apps/api/test/links/admin-agencies.test.ts.
const base = (roleCode: 'SUPER_ADMIN' | 'CASTING_DIRECTOR') => ({
  'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
  'GET /api/users/me': () => jsonResponse(200, buildUser({ id: 'me', roleCode })),
  'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
  'GET /api/v2/projects': () => jsonResponse(200, { items: [], total: 0, limit: 20, offset: 0 }),
});

function agency(index: number, overrides: Partial<Agency> = {}): Agency {
  return {
    id: `a-${index}`,
    name: `Agency ${index}`,
    websiteUrl: null,
    avatarUrl: null,
    isVerified: false,
    agents: [],
    ...overrides,
  };
}

function api() {
  const all = [
    agency(1, {
      agents: [
        {
          id: 'ag-1',
          name: 'Ada Agent',
          firstName: 'Ada',
          lastName: 'Agent',
          email: 'ada@example.com',
          isVerified: false,
        },
      ],
    }),
    agency(2, { isVerified: true }),
    agency(3),
  ];
  return createFetchDouble({
    ...base('SUPER_ADMIN'),
    'GET /api/admin/agencies': (call: RecordedCall) => {
      const params = new URL(call.url, 'http://x').searchParams;
      const text = params.get('text');
      const matching = all.filter((a) => !text || a.name.includes(text));
      const start = Number(params.get('cursor') ?? 0);
      const items = matching.slice(start, start + 2);
      return jsonResponse(200, { items, nextCursor: start + 2 < matching.length ? String(start + 2) : null });
    },
    'PATCH /api/users/agencies/a-1': () => {
      all[0] = { ...all[0]!, isVerified: true };
      return jsonResponse(200, { id: 'a-1', isVerified: true });
    },
    'PATCH /api/users/agents/ag-1': () => {
      all[0] = { ...all[0]!, agents: all[0]!.agents.map((agent) => ({ ...agent, isVerified: true })) };
      return jsonResponse(200, { id: 'ag-1', isVerified: true });
    },
  });
}

describe('agencies page', () => {
  it('lists agencies with their agents, loads the next page, and verifies an agency and an agent', async () => {
    const double = api();
    renderApp('/agencies', double.fetch);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Agencies', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Agencies' });
    expect(within(list).getByRole('heading', { name: 'Agency 1' })).toBeInTheDocument();
    expect(within(list).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(list).queryByRole('heading', { name: 'Agency 3' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more agencies' }));
    expect(await within(list).findByRole('heading', { name: 'Agency 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more agencies' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify agency Agency 1' }));
    expect(await screen.findByRole('button', { name: 'Unverify agency Agency 1' })).toBeInTheDocument();
    expect(double.callsTo('PATCH /api/users/agencies/a-1')[0]?.body).toEqual({ isVerified: true });

    await user.click(screen.getByRole('button', { name: 'Verify agent Ada Agent' }));
    expect(await screen.findByRole('button', { name: 'Unverify agent Ada Agent' })).toBeInTheDocument();
    expect(double.callsTo('PATCH /api/users/agents/ag-1')[0]?.body).toEqual({ isVerified: true });
  });

  it('searches by name from 3 characters', async () => {
    const double = api();
    renderApp('/agencies', double.fetch);
    await screen.findByRole('list', { name: 'Agencies' });

    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search agencies' }), 'Agency 2');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Agency 1' })).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(await screen.findByRole('heading', { name: 'Agency 2' })).toBeInTheDocument();
    const texts = double
      .callsTo('GET /api/admin/agencies')
      .map((call) => new URL(call.url, 'http://x').searchParams.get('text'));
    expect(texts).toContain('Agency 2');
    expect(texts).not.toContain('Ag');
  });

  it('is neither offered nor shown to a casting director', async () => {
    const double = createFetchDouble(base('CASTING_DIRECTOR'));
    renderApp('/agencies', double.fetch);
    await waitFor(() => expect(double.callsTo('GET /api/users/me')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Agencies', level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Agencies' })).not.toBeInTheDocument();
    expect(double.callsTo('GET /api/admin/agencies')).toHaveLength(0);
  });
});
