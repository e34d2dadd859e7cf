import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { CreateClientLinkDialog } from './create-client-link-dialog';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const KEEPER = '22222222-2222-4222-8222-222222222222';
const MATE = '33333333-3333-4333-8333-333333333333';
const folder = (id: string, roleId: string, name: string) => ({
  id,
  projectId: PROJECT,
  roleId,
  name,
  systemAlias: null,
  isSystem: false,
  position: 0,
});
const KEEPER_SELECTS = '44444444-4444-4444-8444-444444444444';
const KEEPER_CALLBACKS = '55555555-5555-4555-8555-555555555555';
const MATE_SELECTS = '66666666-6666-4666-8666-666666666666';

function renderDialog(props: { submissionIds?: string[]; folderIds?: string[]; roleIds?: string[] } = {}) {
  const api = createFetchDouble({
    [`GET /api/projects/${PROJECT}/folders`]: () =>
      jsonResponse(200, {
        items: [
          folder(KEEPER_SELECTS, KEEPER, 'Selects'),
          folder(KEEPER_CALLBACKS, KEEPER, 'Callbacks'),
          folder(MATE_SELECTS, MATE, 'Selects'),
        ],
        folderFeedbackEnabled: true,
      }),
    [`GET /api/v2/projects/${PROJECT}/roles/options`]: () =>
      jsonResponse(200, {
        items: [
          { value: KEEPER, label: 'Lighthouse keeper', description: null },
          { value: MATE, label: 'First mate', description: null },
        ],
      }),
    [`POST /api/v2/projects/${PROJECT}/client-links`]: () =>
      jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'stop here' }),
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: api.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        <CreateClientLinkDialog
          open
          onOpenChange={() => undefined}
          projectId={PROJECT}
          submissionIds={props.submissionIds ?? []}
          folderIds={props.folderIds ?? []}
          roleIds={props.roleIds ?? []}
        />
      </HttpClientProvider>
    </QueryClientProvider>,
  );
  return api;
}

describe('share with a client', () => {
  it('shares folders of several opportunities in one link', async () => {
    const user = userEvent.setup();
    const api = renderDialog({ folderIds: [KEEPER_SELECTS] });
    const dialog = await screen.findByRole('dialog', { name: 'Share with a client' });
    const keeper = await within(dialog).findByRole('group', { name: 'Lighthouse keeper' });
    const mate = within(dialog).getByRole('group', { name: 'First mate' });
    // The folder open on the page is ticked; the description says what the link will hold.
    expect(within(keeper).getByRole('checkbox', { name: 'Selects' })).toBeChecked();
    expect(within(dialog).getByText('everyone in 1 folder')).toBeVisible();
    await user.click(within(mate).getByRole('checkbox', { name: 'Selects' }));
    await user.click(within(keeper).getByRole('checkbox', { name: 'Callbacks' }));
    expect(within(dialog).getByText('everyone in 3 folders')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Callbacks for the agency');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await within(dialog).findByText('stop here');
    const [sent] = api.callsTo(`POST /api/v2/projects/${PROJECT}/client-links`);
    expect(sent?.body).toMatchObject({
      title: 'Callbacks for the agency',
      submissionIds: [],
      folderIds: [KEEPER_SELECTS, MATE_SELECTS, KEEPER_CALLBACKS],
    });
  });

  it('cannot create a link that shares nothing', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Share with a client' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Empty');
    expect(within(dialog).getByText('Choose candidates or folders to share')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeDisabled();
    const keeper = await within(dialog).findByRole('group', { name: 'Lighthouse keeper' });
    await user.click(within(keeper).getByRole('checkbox', { name: 'Callbacks' }));
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeEnabled();
  });

  it('shares everyone of the opportunity open on the page when nothing is selected', async () => {
    const user = userEvent.setup();
    const api = renderDialog({ roleIds: [KEEPER] });
    const dialog = await screen.findByRole('dialog', { name: 'Share with a client' });
    expect(
      within(dialog).getByText('everyone in this opportunity (hidden candidates left out)'),
    ).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'All of them');
    const create = within(dialog).getByRole('button', { name: 'Create link' });
    expect(create).toBeEnabled();
    await user.click(create);
    await within(dialog).findByText('stop here');
    const [sent] = api.callsTo(`POST /api/v2/projects/${PROJECT}/client-links`);
    expect(sent?.body).toMatchObject({ submissionIds: [], folderIds: [], roleIds: [KEEPER] });
  });
});
