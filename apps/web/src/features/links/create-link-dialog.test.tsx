import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@casting/domain';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { toast } from '../../lib/toast/toast';
import { Toaster } from '../../ui/toaster';
import { CreateLinkDialog } from './create-link-dialog';
import type { CreateLinkDialogProps } from './create-link-dialog';
import { DEFAULT_SETTINGS } from './link-form-state';

/** Where the router is, so a test can see the dialog's success navigation. */
function Location() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

const PROJECT = '11111111-1111-4111-8111-111111111111';
const LEAD = '22222222-2222-4222-8222-222222222222';
const EXTRA = '33333333-3333-4333-8333-333333333333';

function renderDialog(
  handlers: Record<string, FetchHandler>,
  props: Partial<
    Pick<CreateLinkDialogProps, 'submitter' | 'submitterAgency' | 'navigateOnSuccess' | 'edit'>
  > = {},
) {
  const double = createFetchDouble({
    [`GET /api/v2/projects/${PROJECT}/roles/options`]: () =>
      jsonResponse(200, {
        items: [
          { value: LEAD, label: 'Lead', description: null },
          { value: EXTRA, label: 'Extra', description: null },
        ],
      }),
    'GET /api/users/agencies/search': () =>
      jsonResponse(200, { items: [], limit: 20, offset: 0, hasMore: false }),
    ...handlers,
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  let open = true;
  const view = render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <HttpClientProvider client={http}>
          <CreateLinkDialog
            projectId={PROJECT}
            open={open}
            onOpenChange={(next) => (open = next)}
            {...props}
          />
          <Location />
          <Toaster />
        </HttpClientProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { double, view, isOpen: () => open };
}

afterEach(() => toast.dismiss());

describe('Create New Candidate Submission Link(s)', () => {
  it('counts the title, checks it is unique after typing stops, and enables Create only when all is valid', async () => {
    const user = userEvent.setup();
    const taken = new Set(['open call']);
    const { double } = renderDialog({
      [`POST /api/v2/projects/${PROJECT}/share-links/check-title`]: (call) =>
        jsonResponse(200, {
          isUnique: !taken.has(String((call.body as { title: string }).title).toLowerCase()),
        }),
      [`POST /api/v2/projects/${PROJECT}/share-links`]: () =>
        jsonResponse(201, [
          {
            id: 'l1',
            projectId: PROJECT,
            groupId: 'g1',
            createdAt: '2031-01-01T00:00:00.000Z',
            link: '/castingcall/apply/x',
          },
        ]),
    });
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createLinkDialogTitle });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();

    const title = within(dialog).getByLabelText('Title');
    await user.type(title, 'Open call');
    expect(within(dialog).getByText('9/30')).toHaveClass('text-ink-muted');
    expect(await within(dialog).findByText(MESSAGES.linkTitleNotUnique, {}, { timeout: 2000 })).toBeVisible();
    // One check for the settled title, not one per keystroke.
    expect(double.callsTo(`POST /api/v2/projects/${PROJECT}/share-links/check-title`)).toHaveLength(1);

    await user.type(title, ' for the spring season ok');
    expect(within(dialog).getByText('34/30')).toHaveClass('text-orange-700');
    await user.clear(title);
    await user.type(title, 'Spring open call for dancers');
    expect(within(dialog).getByText('28/30')).toHaveClass('text-warning');
    await waitFor(() => expect(within(dialog).queryByText(MESSAGES.linkTitleNotUnique)).toBeNull(), {
      timeout: 2000,
    });
    expect(create).toBeDisabled(); // no opportunity yet

    await user.click(await within(dialog).findByLabelText('Lead'));
    await user.click(within(dialog).getByLabelText('Extra'));
    expect(within(dialog).getByText(MESSAGES.defaultOpportunityRequired)).toBeVisible();
    expect(create).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Extra'));
    expect(within(dialog).queryByText(MESSAGES.defaultOpportunityRequired)).toBeNull();
    await waitFor(() => expect(create).toBeEnabled());

    await user.click(create);
    await waitFor(() => expect(screen.getByText(MESSAGES.linkCreated)).toBeVisible());
    const [sent] = double.callsTo(`POST /api/v2/projects/${PROJECT}/share-links`);
    expect(sent?.body).toMatchObject({
      title: 'Spring open call for dancers',
      roleIds: [LEAD],
      defaultRoleId: LEAD,
      agencyIds: [],
      agentIds: [],
      allowChangeRep: false,
    });
  });

  it('counts a failed uniqueness check as taken', async () => {
    const user = userEvent.setup();
    renderDialog({
      [`POST /api/v2/projects/${PROJECT}/share-links/check-title`]: () =>
        jsonResponse(500, { message: 'boom' }),
    });
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createLinkDialogTitle });
    await user.type(within(dialog).getByLabelText('Title'), 'Walk-ins');
    expect(await within(dialog).findByText(MESSAGES.linkTitleNotUnique, {}, { timeout: 2000 })).toBeVisible();
  });

  it('locks No Agency and Change Agency by the toggle rules', async () => {
    renderDialog({});
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createLinkDialogTitle });
    expect(within(dialog).getByRole('switch', { name: 'Change Agency' })).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'No Agency' })).toBeEnabled();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('switch', { name: 'Include Candidate' }));
    expect(within(dialog).getByRole('switch', { name: 'Exclude Agent' })).toBeDisabled();
  });

  it('offers a talent submitter only the opportunities shared with their agency', async () => {
    renderDialog(
      {
        [`GET /api/v2/projects/${PROJECT}/share-links/opportunities`]: () =>
          jsonResponse(200, { items: [{ value: LEAD, label: 'Lead', description: null }] }),
      },
      { submitter: true, submitterAgency: { id: 'ag', name: 'your agency', agents: [] } },
    );
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createLinkDialogTitle });
    expect(await within(dialog).findByLabelText('Lead')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Extra')).not.toBeInTheDocument();
  });

  it('tells a talent submitter when nothing is shared with their agency yet', async () => {
    renderDialog(
      {
        [`GET /api/v2/projects/${PROJECT}/share-links/opportunities`]: () => jsonResponse(200, { items: [] }),
      },
      { submitter: true, submitterAgency: null },
    );
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createLinkDialogTitle });
    expect(
      await within(dialog).findByText('The casting team has not shared an opportunity with your agency yet.'),
    ).toBeVisible();
  });

  it('from a candidate page, a created link takes the person to the links page', async () => {
    const user = userEvent.setup();
    renderDialog(
      {
        [`POST /api/v2/projects/${PROJECT}/share-links/check-title`]: () =>
          jsonResponse(200, { isUnique: true }),
        [`POST /api/v2/projects/${PROJECT}/share-links`]: () =>
          jsonResponse(201, [
            {
              id: 'l1',
              projectId: PROJECT,
              groupId: 'g1',
              createdAt: '2031-01-01T00:00:00.000Z',
              link: '/x',
            },
          ]),
      },
      { navigateOnSuccess: true },
    );
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createLinkDialogTitle });
    await user.type(within(dialog).getByLabelText('Title'), 'Walk-ins');
    await user.click(await within(dialog).findByLabelText('Lead'));
    const create = within(dialog).getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled(), { timeout: 2000 });
    await user.click(create);
    await waitFor(() => expect(screen.getByText(MESSAGES.linkCreated)).toBeVisible());
    await waitFor(() =>
      expect(screen.getByTestId('current-path')).toHaveTextContent(`/projects/${PROJECT}/applicant-links`),
    );
  });

  it('edits a link: starts from it, keeps its own title without a check, and saves the group by link id', async () => {
    const user = userEvent.setup();
    const { double } = renderDialog(
      {
        [`POST /api/v2/projects/${PROJECT}/share-links/check-title`]: () =>
          jsonResponse(200, { isUnique: true }),
        [`POST /api/v2/projects/${PROJECT}/share-links`]: () =>
          jsonResponse(200, [
            {
              id: 'l1',
              projectId: PROJECT,
              groupId: 'g1',
              createdAt: '2031-01-01T00:00:00.000Z',
              link: '/x',
            },
          ]),
      },
      {
        edit: {
          linkId: 'l1',
          groupId: 'g1',
          form: {
            title: 'Walk-ins',
            agencies: [],
            agents: [],
            isRepresentative: false,
            roleIds: [LEAD],
            defaultRoleId: null,
            settings: { ...DEFAULT_SETTINGS },
          },
        },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit submission link' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Walk-ins');
    expect(await within(dialog).findByLabelText('Lead')).toBeChecked();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled(); // nothing changed yet

    await user.click(within(dialog).getByRole('switch', { name: 'Agency review' }));
    await waitFor(() => expect(save).toBeEnabled());
    expect(double.callsTo(`POST /api/v2/projects/${PROJECT}/share-links/check-title`)).toHaveLength(0);
    await user.click(save);
    await waitFor(() => expect(screen.getByText('Submission link updated')).toBeVisible());
    const [sent] = double.callsTo(`POST /api/v2/projects/${PROJECT}/share-links`);
    expect(sent?.body).toMatchObject({ id: 'l1', title: 'Walk-ins', roleIds: [LEAD], underReview: true });
  });
});
