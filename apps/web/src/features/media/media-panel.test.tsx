import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@casting/domain';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { toast } from '../../lib/toast/toast';
import type { PutOptions, QueueItem } from '../../lib/upload';
import { Toaster } from '../../ui/toaster';
import { CandidateMedia } from './candidate-media';
import { DownloadsView } from './downloads-page';
import { createMediaUploadTransport } from './media-api';
import type { MediaItem } from './media-contract';
import { DownloadZipDialog } from './media-dialogs';
import { buildMediaItem, testUuid } from './media-fixtures';
import { MEDIA_TEXTS } from './media-texts';
import { UploadQueue } from './upload-queue';
import { UploadQueueList } from './upload-queue-list';
import type { ReactNode } from 'react';

function setupHttp(handlers: Record<string, FetchHandler>) {
  const double = createFetchDouble(handlers);
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        {children}
        <Toaster />
      </HttpClientProvider>
    </QueryClientProvider>
  );
  return { double, http, wrap };
}

const UPLOAD_HANDLERS: Record<string, FetchHandler> = {
  'POST /api/media-management/get-signed-url': (call) => {
    const body = call.body as { imagesParams: { fileKey: string }[] };
    const fileKey = body.imagesParams[0]!.fileKey;
    return jsonResponse(200, {
      urls: [{ fileKey, url: `/api/files/put/${fileKey}`, key: 'k1', method: 'PUT', headers: {} }],
    });
  },
  'POST /api/media-management/upload-complete': () =>
    jsonResponse(200, {
      Key: 'k1',
      kind: 'image',
      contentType: 'image/jpeg',
      size: 4,
      mediaId: null,
      status: null,
      url: null,
      thumbnailUrl: null,
      convertedUrl: null,
    }),
  'POST /api/media-management/upload-failed': () => jsonResponse(204),
};

afterEach(() => {
  toast.dismiss();
});

const TARGET = { projectId: '00000000-0000-4000-8000-0000000000b1' };

const named = (name: string, size = 4, type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type, lastModified: 1 });

describe('upload queue component', () => {
  it('refuses files of other types with the spec toast and uploads the rest, showing them completed', async () => {
    const { double, http, wrap } = setupHttp(UPLOAD_HANDLERS);
    const puts: string[] = [];
    const transport = createMediaUploadTransport(http, TARGET, {
      put: async (url: string, _body: Blob, options: PutOptions) => {
        puts.push(url);
        options.onProgress?.(2);
        return { etag: '"e"' };
      },
    });
    const onComplete = vi.fn();
    render(wrap(<UploadQueue transport={transport} scope="test" onComplete={onComplete} multiple />));
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('file-picker-input'), [named('setup.exe'), named('headshot.jpg')]);
    expect(await screen.findByText(MESSAGES.unsupportedFileTypes('setup.exe'))).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Uploads' });
    await within(list).findByText('Uploaded');
    expect(within(list).queryByText('setup.exe')).not.toBeInTheDocument();
    expect(puts).toEqual(['/api/files/put/headshot.jpg']);
    expect(double.callsTo('POST /api/media-management/get-signed-url')[0]?.body).toEqual({
      ...TARGET,
      imagesParams: [{ fileKey: 'headshot.jpg', contentType: 'image/jpeg', size: 4 }],
    });
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
  });

  it('shows a failed upload with a retry button and the spec toast, and reports the failure to the API', async () => {
    const { double, http, wrap } = setupHttp(UPLOAD_HANDLERS);
    let down = true;
    const transport = createMediaUploadTransport(http, TARGET, {
      put: async () => {
        if (down) throw new Error('network down');
        return { etag: '"e"' };
      },
    });
    render(wrap(<UploadQueue transport={transport} scope="test" />));
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('file-picker-input'), [named('headshot.jpg')]);
    // The single PUT is tried three times (after 1 s and 2 s) before the file fails.
    expect(await screen.findByText('Failed', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.failedToUpload('headshot.jpg'))).toBeInTheDocument();
    await waitFor(() => expect(double.callsTo('POST /api/media-management/upload-failed')).toHaveLength(1));
    expect(double.callsTo('POST /api/media-management/upload-failed')[0]?.body).toMatchObject({
      error: 'network down',
      context: { fileName: 'headshot.jpg' },
    });
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry headshot.jpg' }));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
  });

  it('names the API’s refusal when the stored bytes are not an accepted type', async () => {
    const { http, wrap } = setupHttp({
      ...UPLOAD_HANDLERS,
      'POST /api/media-management/upload-complete': () =>
        jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'This file’s content is not an accepted photo, video or document.',
        }),
    });
    const transport = createMediaUploadTransport(http, TARGET, { put: async () => ({ etag: '"e"' }) });
    render(wrap(<UploadQueue transport={transport} scope="test" />));
    await userEvent.setup().upload(screen.getByTestId('file-picker-input'), [named('setup.jpg')]);
    expect(await screen.findByText(MESSAGES.failedToUpload('setup.jpg'))).toBeInTheDocument();
    expect(
      screen.getByText('This file’s content is not an accepted photo, video or document.'),
    ).toBeInTheDocument();
  });

  it('asks before uploading a file over 600 MB, showing its size and, for a video, its duration', async () => {
    const { http, wrap } = setupHttp(UPLOAD_HANDLERS);
    const puts: string[] = [];
    const transport = createMediaUploadTransport(http, TARGET, {
      put: async (url) => {
        puts.push(url);
        return { etag: '"e"' };
      },
    });
    render(wrap(<UploadQueue transport={transport} scope="test" readDuration={async () => 3725} />));
    const big = named('audition.mov', 4, 'video/quicktime');
    Object.defineProperty(big, 'size', { value: 700 * 1024 * 1024 });
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('file-picker-input'), [big]);
    const dialog = await screen.findByRole('dialog', { name: 'Large File Upload' });
    expect(within(dialog).getByText('700.0 MB')).toBeInTheDocument();
    expect(await within(dialog).findByText('1:02:05')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
  });
});

describe('upload queue rows', () => {
  const item = (patch: Partial<QueueItem>): QueueItem => ({
    id: patch.name ?? 'x',
    name: 'x',
    size: 1,
    fileType: 'image/jpeg',
    type: 'image',
    status: 'PENDING',
    progress: 0,
    retryCount: 0,
    error: null,
    result: null,
    resumed: false,
    file: named('x'),
    ...patch,
  });

  it('shows pending, percent, failed with retry, and Processing... for a completed photo in the section variant', () => {
    render(
      <UploadQueueList
        variant="section"
        onRetry={() => undefined}
        onRemove={() => undefined}
        isThumbnailReady={(entry) => entry.name === 'ready.jpg'}
        items={[
          item({ name: 'waiting.jpg' }),
          item({ name: 'going.jpg', status: 'UPLOADING', progress: 42 }),
          item({ name: 'broken.jpg', status: 'FAILED' }),
          item({ name: 'new.jpg', status: 'COMPLETED', progress: 100 }),
          item({ name: 'ready.jpg', status: 'COMPLETED', progress: 100 }),
          item({ name: 'tape.mp4', type: 'video', status: 'COMPLETED', progress: 100 }),
        ]}
      />,
    );
    const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    expect(within(row('waiting.jpg')).getByText('Pending')).toBeInTheDocument();
    expect(within(row('going.jpg')).getByText('42%')).toBeInTheDocument();
    expect(within(row('going.jpg')).getByRole('progressbar', { name: 'going.jpg: 42%' })).toBeInTheDocument();
    expect(within(row('broken.jpg')).getByRole('button', { name: 'Retry broken.jpg' })).toBeInTheDocument();
    expect(within(row('new.jpg')).getByText('Processing...')).toBeInTheDocument();
    expect(within(row('ready.jpg')).getByText('Uploaded')).toBeInTheDocument();
    expect(within(row('tape.mp4')).getByText('Uploaded')).toBeInTheDocument();
  });
});

const MEDIA: MediaItem[] = [
  buildMediaItem({ id: 'm1', name: 'headshot.jpg', kind: 'image', isPrimaryPhoto: true }),
  buildMediaItem({ id: 'm2', name: 'tape.mp4', kind: 'video' }),
  buildMediaItem({ id: 'm3', name: 'still.png', kind: 'image' }),
];

describe('candidate media panel', () => {
  function renderPanel(extra: Record<string, FetchHandler> = {}) {
    const { double, wrap } = setupHttp({
      'GET /api/applicants/a1/media': () => jsonResponse(200, { items: MEDIA }),
      [`DELETE /api/applicants/a1/media/${testUuid('m2')}`]: () => jsonResponse(204),
      'POST /api/applicants/admin/report-media-issue': () => jsonResponse(204),
      [`PUT /api/applicants/a1/media/${testUuid('m3')}/primary`]: () => jsonResponse(200, {}),
      [`PUT /api/applicants/a1/media/${testUuid('m2')}/visibility`]: () => jsonResponse(200, {}),
      'POST /api/applicants/download-zip': () =>
        jsonResponse(202, { id: '00000000-0000-4000-8000-0000000000d1', message: MESSAGES.downloadLinkSent }),
      ...extra,
    });
    render(
      wrap(
        <CandidateMedia
          projectId="p1"
          applicantId="a1"
          candidateName="Jane Doe"
          canUpload
          canDelete
          canReport
          canDownload
          canManageVisibility
          userEmail="dana@example.com"
        />,
      ),
    );
    return { double, user: userEvent.setup() };
  }

  it('shows the primary photo first and opens the viewer from a thumbnail', async () => {
    const { user } = renderPanel();
    expect(await screen.findByText('Primary photo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open tape.mp4' }));
    expect(await screen.findByRole('dialog', { name: 'tape.mp4 – Jane Doe' })).toBeInTheDocument();
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
  });

  it('keeps the viewer open on the next candidate’s first item when the page moves across candidates', async () => {
    const { wrap } = setupHttp({
      'GET /api/applicants/a1/media': () => jsonResponse(200, { items: MEDIA }),
      'GET /api/applicants/a2/media': () =>
        jsonResponse(200, { items: [buildMediaItem({ id: 'n1', name: 'monologue.mp4', kind: 'video' })] }),
    });
    const panel = (applicantId: string, name: string, next?: () => void) =>
      wrap(
        <CandidateMedia
          projectId="p1"
          applicantId={applicantId}
          candidateName={name}
          onNextCandidate={next}
        />,
      );
    const onNext = vi.fn();
    const { rerender } = render(panel('a1', 'Jane Doe', onNext));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open tape.mp4' }));
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(onNext).toHaveBeenCalledTimes(1);
    rerender(panel('a2', 'Omar Reyes', onNext));
    expect(await screen.findByRole('dialog', { name: 'monologue.mp4 – Omar Reyes' })).toBeInTheDocument();
    expect(screen.getByText('1 of 1')).toBeInTheDocument();
  });

  it('makes a photo the primary photo and keeps an item to the team, from the viewer', async () => {
    const { double, user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Open tape.mp4' }));
    const viewer = await screen.findByRole('dialog', { name: /tape\.mp4/ });
    // A video cannot be the primary photo; the primary photo does not offer it again.
    expect(within(viewer).queryByRole('button', { name: 'Make primary photo' })).not.toBeInTheDocument();
    const teamOnly = within(viewer).getByRole('button', { name: 'Team only' });
    expect(teamOnly).toHaveAttribute('aria-pressed', 'false');
    await user.click(teamOnly);
    await waitFor(() =>
      expect(double.callsTo(`PUT /api/applicants/a1/media/${testUuid('m2')}/visibility`)[0]?.body).toEqual({
        projectId: 'p1',
        visibility: 'TEAM',
      }),
    );
    await user.keyboard('{ArrowRight}');
    await user.click(
      within(await screen.findByRole('dialog', { name: /still\.png/ })).getByRole('button', {
        name: 'Make primary photo',
      }),
    );
    await waitFor(() =>
      expect(double.callsTo(`PUT /api/applicants/a1/media/${testUuid('m3')}/primary`)).toHaveLength(1),
    );
  });

  it('converts a FAILED item again from the viewer, then shows its new status', async () => {
    const broken = buildMediaItem({ id: 'f1', name: 'tape.mkv', kind: 'video', status: 'FAILED' });
    let converting = false;
    const { double, wrap } = setupHttp({
      'GET /api/applicants/a1/media': () =>
        jsonResponse(200, { items: [{ ...broken, status: converting ? 'PENDING' : 'FAILED' }] }),
      [`POST /api/applicants/a1/media/${testUuid('f1')}/retry`]: () => {
        converting = true;
        return jsonResponse(200, { ...broken, status: 'PENDING' });
      },
    });
    const panel = (canUpload: boolean) =>
      wrap(<CandidateMedia projectId="p1" applicantId="a1" candidateName="Jane Doe" canUpload={canUpload} />);
    const first = render(panel(false));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open tape.mkv' }));
    let viewer = await screen.findByRole('dialog', { name: /tape\.mkv/ });
    // Only those with the media candidate action may convert again.
    expect(within(viewer).queryByRole('button', { name: 'Convert again' })).not.toBeInTheDocument();
    first.unmount();
    render(panel(true));
    await user.click(await screen.findByRole('button', { name: 'Open tape.mkv' }));
    viewer = await screen.findByRole('dialog', { name: /tape\.mkv/ });
    await user.click(within(viewer).getByRole('button', { name: 'Convert again' }));
    await waitFor(() =>
      expect(double.callsTo(`POST /api/applicants/a1/media/${testUuid('f1')}/retry`)[0]?.body).toEqual({
        projectId: 'p1',
      }),
    );
    expect(await screen.findByText(MEDIA_TEXTS.conversionRetried('tape.mkv'))).toBeInTheDocument();
    // The list is read again: the item is no longer FAILED, so the button goes.
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: /tape\.mkv/ })).queryByRole('button', {
          name: 'Convert again',
        }),
      ).not.toBeInTheDocument(),
    );
  });

  it('sends uploads to the candidate shown, also after moving to the next one', async () => {
    const { double, wrap } = setupHttp({
      ...UPLOAD_HANDLERS,
      'GET /api/applicants/a1/media': () => jsonResponse(200, { items: MEDIA }),
      'GET /api/applicants/a2/media': () => jsonResponse(200, { items: [] }),
    });
    const panel = (applicantId: string) =>
      wrap(<CandidateMedia projectId="p1" applicantId={applicantId} candidateName="X" canUpload />);
    const { rerender } = render(panel('a1'));
    await screen.findByRole('button', { name: 'Open tape.mp4' });
    rerender(panel('a2'));
    await screen.findByText('No media yet.');
    await userEvent.setup().upload(screen.getByTestId('file-picker-input'), [named('headshot.jpg')]);
    await waitFor(() => expect(double.callsTo('POST /api/media-management/get-signed-url')).toHaveLength(1));
    expect(double.callsTo('POST /api/media-management/get-signed-url')[0]?.body).toMatchObject({
      projectId: 'p1',
      applicantId: 'a2',
    });
  });

  it('deletes an item only after the Delete Content confirmation', async () => {
    const { double, user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete tape.mp4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Content' });
    expect(dialog).toHaveTextContent(MESSAGES.confirmDeleteContent);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(double.callsTo(`DELETE /api/applicants/a1/media/${testUuid('m2')}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete tape.mp4' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Content' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(double.callsTo(`DELETE /api/applicants/a1/media/${testUuid('m2')}`)).toHaveLength(1),
    );
  });

  it('reports a media issue from the viewer with a required description', async () => {
    const { double, user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Open tape.mp4' }));
    await user.click(await screen.findByRole('button', { name: 'Report issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report media issue' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(double.callsTo('POST /api/applicants/admin/report-media-issue')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Describe the issue/ }), 'No sound');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGES.issueReported)).toBeInTheDocument();
    expect(double.callsTo('POST /api/applicants/admin/report-media-issue')[0]?.body).toEqual({
      applicantId: 'a1',
      applicantMediaId: testUuid('m2'),
      description: 'No sound',
      channel: 'SLACK',
    });
  });

  it('sends the zip link to the e-mail chosen, starting from the signed-in person’s', async () => {
    const { double, user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Download all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download applicant videos' });
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    expect(email).toHaveValue('dana@example.com');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeDisabled();
    await user.clear(email);
    await user.type(email, 'kim@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(MESSAGES.downloadLinkSent)).toBeInTheDocument();
    expect(double.callsTo('POST /api/applicants/download-zip')[0]?.body).toEqual({
      projectId: 'p1',
      applicantIds: ['a1'],
      email: 'kim@example.com',
    });
  });
});

describe('download zip dialog of the candidates workspace', () => {
  it('zips everyone in a folder when no candidates are named, and a selection when they are', async () => {
    const { double, wrap } = setupHttp({
      'POST /api/applicants/download-zip': () =>
        jsonResponse(202, { id: testUuid('z1'), message: MESSAGES.downloadLinkSent }),
    });
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const view = render(
      wrap(
        <DownloadZipDialog
          open
          onOpenChange={onOpenChange}
          projectId="p1"
          applicantIds={[]}
          folderId="f1"
          description={MEDIA_TEXTS.downloadSubjectBody('everyone in the folder Callbacks')}
          defaultEmail="dana@example.com"
        />,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Download applicant videos' });
    expect(
      within(dialog).getByText(
        'We will e-mail you a link to a zip of the media of everyone in the folder Callbacks.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(MESSAGES.downloadLinkSent)).toBeInTheDocument();
    expect(double.callsTo('POST /api/applicants/download-zip')[0]?.body).toEqual({
      projectId: 'p1',
      folderId: 'f1',
      email: 'dana@example.com',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    view.unmount();

    render(
      wrap(
        <DownloadZipDialog
          open
          onOpenChange={() => undefined}
          projectId="p1"
          applicantIds={['r1', 'r2']}
          folderId="f1"
          defaultEmail="dana@example.com"
        />,
      ),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Download applicant videos' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() => expect(double.callsTo('POST /api/applicants/download-zip')).toHaveLength(2));
    expect(double.callsTo('POST /api/applicants/download-zip')[1]?.body).toEqual({
      projectId: 'p1',
      applicantIds: ['r1', 'r2'],
      email: 'dana@example.com',
    });
  });
});

const DOWNLOAD_ID = '00000000-0000-4000-8000-0000000000d1';

describe('downloads page', () => {
  function renderPage(handler: FetchHandler, { signedIn = true, token = 'tok' } = {}) {
    const { double, wrap } = setupHttp({ 'GET /api/downloads/d1': handler });
    render(
      wrap(
        <MemoryRouter>
          <DownloadsView id="d1" token={token} signedIn={signedIn} />
        </MemoryRouter>,
      ),
    );
    return double;
  }

  it('offers a ready zip for download with its size and expiry, asking with the e-mailed token', async () => {
    const double = renderPage(() =>
      jsonResponse(200, {
        id: DOWNLOAD_ID,
        projectId: '00000000-0000-4000-8000-0000000000b1',
        status: 'READY',
        fileCount: 3,
        size: 5 * 1024 * 1024,
        url: '/api/files/zips/d1?sig=x',
        expiresAt: '2026-11-29T10:00:00.000Z',
        failureReason: null,
      }),
    );
    const link = await screen.findByRole('link', { name: 'Download media.zip' });
    expect(link).toHaveAttribute('href', '/api/files/zips/d1?sig=x');
    expect(screen.getByText('media.zip · 5.0 MB · 3 files')).toBeInTheDocument();
    expect(screen.getByText('This link works until 2026-11-29 (UTC).')).toBeInTheDocument();
    expect(double.calls[0]?.url).toBe('/api/downloads/d1?token=tok');
  });

  it('explains an expired link', async () => {
    renderPage(() =>
      jsonResponse(200, {
        id: DOWNLOAD_ID,
        projectId: '00000000-0000-4000-8000-0000000000b1',
        status: 'EXPIRED',
        fileCount: 2,
        size: null,
        url: null,
        expiresAt: '2026-11-01T10:00:00.000Z',
        failureReason: null,
      }),
    );
    expect(await screen.findByText(/has expired/)).toBeInTheDocument();
  });

  it('offers a signed-out visitor whose link does not open the sign-in', async () => {
    renderPage(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'no' }), { signedIn: false, token: '' });
    expect(await screen.findByText(/or sign in with the account it was sent to/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
  });

  it('explains to a signed-in person that the download is not theirs', async () => {
    renderPage(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'no' }));
    expect(
      await screen.findByText(/Only the person it was sent to and the project’s team/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('says a zip is still being prepared', async () => {
    renderPage(() =>
      jsonResponse(200, {
        id: DOWNLOAD_ID,
        projectId: '00000000-0000-4000-8000-0000000000b1',
        status: 'PENDING',
        fileCount: 0,
        size: null,
        url: null,
        expiresAt: '2026-11-29T10:00:00.000Z',
        failureReason: null,
      }),
    );
    expect((await screen.findAllByText(/being prepared/)).length).toBeGreaterThan(0);
  });
});
