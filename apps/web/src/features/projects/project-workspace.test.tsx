import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@casting/domain';
import type { ProjectActor } from '@casting/domain';
import { MemoryRouter } from 'react-router';
import { toast } from '../../lib/toast/toast';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProjectDetail } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { PermissionGate } from '../../ui/permission-gate';
import { Toaster } from '../../ui/toaster';
import { ProjectWorkspace } from './project-workspace';

function project(actor: ProjectActor) {
  return buildProjectDetail({
    projectAccessScope: actor === 'SA' ? null : 'PROJECT_EDITOR',
    projectActor: actor,
  });
}

function renderWorkspace(answer: FetchHandler) {
  const double = createFetchDouble({ 'GET /api/v2/projects/p1': answer });
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
          <ProjectWorkspace projectId="p1">
            {(loaded) => (
              <>
                <h1>{loaded.name}</h1>
                <PermissionGate permission="MANAGE_APPLICANTS">
                  <button type="button">Invite candidates</button>
                </PermissionGate>
              </>
            )}
          </ProjectWorkspace>
          <Toaster />
        </HttpClientProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('ProjectWorkspace', () => {
  afterEach(() => {
    toast.dismiss();
  });

  it('hands the project down with its actor, so gates follow the project role', async () => {
    renderWorkspace(() => jsonResponse(200, project('PE')));

    expect(await screen.findByRole('heading', { name: 'Harbor Lights' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite candidates' })).not.toBeInTheDocument();
  });

  it('shows applicant management to a super admin who is not on the team', async () => {
    renderWorkspace(() => jsonResponse(200, project('SA')));

    expect(await screen.findByRole('button', { name: 'Invite candidates' })).toBeInTheDocument();
  });

  it('replaces the page for a non-member with PROJECT_ACCESS_DENIED, once and without a toast', async () => {
    renderWorkspace(() =>
      jsonResponse(403, {
        code: 'PROJECT_ACCESS_DENIED',
        message: 'You do not have access to this project.',
      }),
    );

    expect(await screen.findByRole('heading', { name: MESSAGES.projectAccessDenied })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Projects' })).toHaveAttribute('href', '/projects');
    expect(screen.queryByText(MESSAGES.somethingWentWrong)).not.toBeInTheDocument();
  });

  it('says when the project does not exist', async () => {
    renderWorkspace(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'The project was not found.' }));

    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
  });
});
