import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

const SECRET = 'AbCdEfGhIjKlMnOpQrStUvWx';
const PROJECT = '11111111-1111-4111-8111-111111111111';
const ROW = '22222222-2222-4222-8222-222222222222';
const notSignedIn = () => jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' });

const settings = {
  showPhotos: true,
  showVideos: true,
  showDocuments: false,
  showContactDetails: false,
  showRepresentation: false,
  showTeamFeedback: false,
  allowDownload: false,
  requireIdentification: true,
};
const portal = (viewer: { id: string; name: string; email: string } | null) => ({
  status: 'ACTIVE',
  projectId: PROJECT,
  projectName: 'Harbor Lights',
  title: 'Selects for Friday',
  message: 'Two favourites.',
  settings,
  expiresAt: null,
  viewer,
});
const candidate = {
  submissionId: ROW,
  applicantId: '33333333-3333-4333-8333-333333333333',
  position: 0,
  folderId: null,
  roleId: '44444444-4444-4444-8444-444444444444',
  roleName: 'Lead',
  firstName: 'Rae',
  lastName: 'Holm',
  playingAge: '25-30',
  location: null,
  bio: null,
  primaryPhotoUrl: null,
  contact: null,
  representation: null,
  teamTally: null,
  myFeedback: { vote: null, comment: null },
};

afterEach(() => window.localStorage.clear());

describe('client review pages', () => {
  it('shows the revoked page for a revoked link, with nothing of the link', async () => {
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      [`GET /api/v2/client-links/${SECRET}`]: () =>
        jsonResponse(200, {
          ...portal(null),
          status: 'REVOKED',
          projectId: null,
          projectName: null,
          title: null,
          message: null,
          settings: null,
        }),
    });
    renderApp(`/client/review-submission/${SECRET}`, api.fetch);
    expect(
      await screen.findByRole('heading', { name: 'This review link has been turned off' }),
    ).toBeVisible();
    expect(screen.queryByText('Selects for Friday')).toBeNull();
  });

  it('shows its own page for an unknown link, and no error toast besides', async () => {
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      [`GET /api/v2/client-links/${SECRET}`]: () =>
        jsonResponse(404, { code: 'NOT_FOUND', message: 'The client link was not found.' }),
    });
    renderApp(`/client/review-submission/${SECRET}`, api.fetch);
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    // The refused query settles before the page shows; a toast repeating the API's answer would be on screen by now.
    expect(screen.queryByText('The client link was not found.')).toBeNull();
  });

  it('sends an unidentified viewer to identify, then opens the review with the viewer session', async () => {
    const user = userEvent.setup();
    let identified = false;
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      [`GET /api/v2/client-links/${SECRET}`]: () =>
        jsonResponse(200, portal(identified ? { id: 'v1', name: 'Paula', email: 'p@studio.test' } : null)),
      [`POST /api/v2/client-links/${SECRET}/identify`]: () => jsonResponse(202, { message: 'sent' }),
      [`POST /api/v2/client-links/${SECRET}/verify`]: () => {
        identified = true;
        return jsonResponse(200, {
          viewerToken: 'viewer-session-secret-0123456789',
          viewer: { id: 'v1', name: 'Paula', email: 'p@studio.test' },
        });
      },
      [`GET /api/projects/${PROJECT}/applicants/${SECRET}`]: () =>
        jsonResponse(200, { items: [candidate], total: 1 }),
      [`POST /api/projects/${PROJECT}/applicants/${SECRET}/views`]: () => jsonResponse(200, { visitId: 'x' }),
    });
    renderApp(`/client/review-submission/${SECRET}`, api.fetch);
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Paula');
    await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'p@studio.test');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Open the review' }));
    expect(await screen.findByRole('heading', { name: 'Selects for Friday' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /Rae Holm/ })).toBeVisible();
    const [list] = api.callsTo(`GET /api/projects/${PROJECT}/applicants/${SECRET}`);
    // Portal mode: the viewer session, never a staff token.
    expect(list?.headers.get('x-client-viewer')).toBe('viewer-session-secret-0123456789');
    expect(list?.headers.get('Authorization')).toBeNull();
  });

  it('replaces the review with the revoked page when the next request is refused', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(
      `client-review:${SECRET}`,
      JSON.stringify({ viewerToken: 'viewer-session-secret-0123456789', name: 'Paula' }),
    );
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      [`GET /api/v2/client-links/${SECRET}`]: () =>
        jsonResponse(200, portal({ id: 'v1', name: 'Paula', email: 'p@studio.test' })),
      [`GET /api/projects/${PROJECT}/applicants/${SECRET}`]: () =>
        jsonResponse(200, { items: [candidate], total: 1 }),
      [`POST /api/projects/${PROJECT}/applicants/${SECRET}/views`]: () => jsonResponse(200, { visitId: 'x' }),
      [`GET /api/projects/${PROJECT}/applicants/${SECRET}/${ROW}`]: () =>
        jsonResponse(410, { code: 'CLIENT_LINK_REVOKED', message: 'This review link has been turned off.' }),
    });
    renderApp(`/client/review-submission/${SECRET}`, api.fetch);
    await user.click(await screen.findByRole('button', { name: /Rae Holm/ }));
    expect(
      await screen.findByRole('heading', { name: 'This review link has been turned off' }),
    ).toBeVisible();
  });

  it('offers Download applicant videos where the link allows it: the zip is mailed to the identified viewer', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(
      `client-review:${SECRET}`,
      JSON.stringify({ viewerToken: 'viewer-session-secret-0123456789', name: 'Paula' }),
    );
    const tape = {
      id: 'm1',
      kind: 'video',
      name: 'rae-selftape.mp4',
      fileType: 'mp4',
      status: 'PROCESSED',
      isPrimaryPhoto: false,
      isSelfie: false,
      durationSeconds: 2,
      url: '/files/tape.mp4',
      convertedUrl: '/files/tape-converted.mp4',
      thumbnailUrl: null,
      posterUrl: null,
      downloadUrl: '/files/tape.mp4?download',
    };
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      [`GET /api/v2/client-links/${SECRET}`]: () =>
        jsonResponse(200, {
          ...portal({ id: 'v1', name: 'Paula', email: 'p@studio.test' }),
          settings: { ...settings, allowDownload: true },
        }),
      [`GET /api/projects/${PROJECT}/applicants/${SECRET}`]: () =>
        jsonResponse(200, { items: [candidate], total: 1 }),
      [`POST /api/projects/${PROJECT}/applicants/${SECRET}/views`]: () => jsonResponse(200, { visitId: 'x' }),
      [`GET /api/projects/${PROJECT}/applicants/${SECRET}/${ROW}`]: () =>
        jsonResponse(200, {
          ...candidate,
          media: [tape],
          previousSubmissionId: null,
          nextSubmissionId: null,
        }),
      [`POST /api/projects/${PROJECT}/applicants/${SECRET}/download-zip`]: () =>
        jsonResponse(202, { id: '55555555-5555-4555-8555-555555555555', message: 'sent' }),
    });
    renderApp(`/client/review-submission/${SECRET}`, api.fetch);
    expect(await screen.findByRole('button', { name: 'Download all videos' })).toBeVisible();
    await user.click(await screen.findByRole('button', { name: /Rae Holm/ }));
    // The tape carries the viewer's e-mail across it, and no way to a full screen that would leave it behind.
    const video = await screen.findByLabelText('Self-tape: rae-selftape.mp4');
    expect(within(video.parentElement!).getAllByText('p@studio.test')).toHaveLength(3);
    expect(video).toHaveAttribute('controlslist', expect.stringContaining('nofullscreen'));
    await user.click(await screen.findByRole('button', { name: 'Download videos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download applicant videos' });
    const address = within(dialog).getByRole('textbox', { name: 'Sent to' });
    expect(address).toHaveValue('p@studio.test');
    expect(address).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Download link sent to your email');
    const [asked] = api.callsTo(`POST /api/projects/${PROJECT}/applicants/${SECRET}/download-zip`);
    expect(asked?.body).toEqual({ submissionIds: [ROW] });
    expect(asked?.headers.get('x-client-viewer')).toBe('viewer-session-secret-0123456789');
    expect(asked?.headers.get('Authorization')).toBeNull();
  });

  it('offers no download where the link does not allow it', async () => {
    window.localStorage.setItem(
      `client-review:${SECRET}`,
      JSON.stringify({ viewerToken: 'viewer-session-secret-0123456789', name: 'Paula' }),
    );
    const api = createFetchDouble({
      'POST /api/auth/refresh': notSignedIn,
      [`GET /api/v2/client-links/${SECRET}`]: () =>
        jsonResponse(200, portal({ id: 'v1', name: 'Paula', email: 'p@studio.test' })),
      [`GET /api/projects/${PROJECT}/applicants/${SECRET}`]: () =>
        jsonResponse(200, { items: [candidate], total: 1 }),
      [`POST /api/projects/${PROJECT}/applicants/${SECRET}/views`]: () => jsonResponse(200, { visitId: 'x' }),
    });
    renderApp(`/client/review-submission/${SECRET}`, api.fetch);
    expect(await screen.findByRole('button', { name: /Rae Holm/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download all videos' })).toBeNull();
  });
});
