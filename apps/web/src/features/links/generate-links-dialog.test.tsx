import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { toast } from '../../lib/toast/toast';
import { Toaster } from '../../ui/toaster';
import { GenerateLinksDialog } from './generate-links-dialog';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const LEAD = '22222222-2222-4222-8222-222222222222';
const ANA = '44444444-4444-4444-8444-444444444444';
const BEN = '55555555-5555-4555-8555-555555555555';

function renderDialog() {
  const double = createFetchDouble({
    [`GET /api/v2/projects/${PROJECT}/roles/options`]: () =>
      jsonResponse(200, { items: [{ value: LEAD, label: 'Lead', description: null }] }),
    [`GET /api/v2/projects/${PROJECT}/share-links/referral-users`]: () =>
      jsonResponse(200, {
        items: [
          {
            id: ANA,
            name: 'Ana Agent',
            email: 'ana@example.com',
            agencyId: 'ag-1',
            agencyName: 'North Talent',
          },
          { id: BEN, name: 'Ben Editor', email: 'ben@example.com', agencyId: null, agencyName: null },
        ],
      }),
    [`POST /api/v2/projects/${PROJECT}/share-links/generate`]: () =>
      jsonResponse(201, [
        { id: 'l1', projectId: PROJECT, groupId: 'g1', createdAt: '2031-01-01T00:00:00.000Z', link: '/a' },
      ]),
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <HttpClientProvider client={http}>
          <GenerateLinksDialog projectId={PROJECT} open onOpenChange={() => undefined} />
          <Toaster />
        </HttpClientProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return double;
}

afterEach(() => toast.dismiss());

describe('Generate links for referral users', () => {
  it('asks for a name, a role and a person, names who has no agency under Representation, then generates', async () => {
    const user = userEvent.setup();
    const double = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Generate links for referral users' });
    const submit = within(dialog).getByRole('button', { name: 'Generate links' });

    await user.click(submit);
    expect(within(dialog).getByText('The name should not be empty')).toBeVisible();
    expect(within(dialog).getByText('Select at least one role')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one person to generate links for.')).toBeVisible();

    await user.type(within(dialog).getByLabelText('Name'), 'Spring referrals');
    await user.click(await within(dialog).findByLabelText('Lead'));
    await user.click(await within(dialog).findByLabelText('Ana Agent'));
    await user.click(within(dialog).getByLabelText('Ben Editor'));
    await user.click(within(dialog).getByRole('switch', { name: 'Representation' }));
    expect(
      within(dialog).getByText(
        'User(s) Ben Editor not associated with a Talent Agency, Toggle off Representation or remove them from your list to generate links',
      ),
    ).toBeVisible();
    await user.click(submit);
    expect(double.callsTo(`POST /api/v2/projects/${PROJECT}/share-links/generate`)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Ben Editor'));
    await user.click(submit);
    await waitFor(() => expect(screen.getByText('1 link generated')).toBeVisible());
    expect(double.callsTo(`POST /api/v2/projects/${PROJECT}/share-links/generate`)[0]?.body).toEqual({
      name: 'Spring referrals',
      roleIds: [LEAD],
      defaultRoleId: null,
      representation: true,
      referralUserIds: [ANA],
    });
  });
});
