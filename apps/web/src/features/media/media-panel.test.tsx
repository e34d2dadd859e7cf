import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@casting/domain';
import { jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { toast } from '../../lib/toast/toast';
import { CandidateMedia } from './candidate-media';
import type { MediaItem } from './media-contract';
import { DownloadZipDialog } from './media-dialogs';
import { buildMediaItem, testUuid } from './media-fixtures';
import { MEDIA_TEXTS } from './media-texts';
import { named, setupHttp, UPLOAD_HANDLERS } from './media-test-http';

// A candidate's media panel and its viewer (primary photo, visibility, conversion, delete, issue report, zip link),
// and the candidates workspace's download-zip dialog.
afterEach(() => {
  toast.dismiss();
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
      'GET /api/downloads/00000000-0000-4000-8000-0000000000d1': () =>
        jsonResponse(200, {
          id: '00000000-0000-4000-8000-0000000000d1',
          projectId: '00000000-0000-4000-8000-0000000000a1',
          status: 'PENDING',
          fileCount: 2,
          size: null,
          expiresAt: '2030-01-01T00:00:00.000Z',
          url: null,
        }),
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

  it('starts one candidate’s zip at once for the signed-in person, with no address to type', async () => {
    const { double, user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Download all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download all media of Jane Doe' });
    expect(dialog).toHaveAccessibleDescription(/A copy of the link goes to dana@example.com/);
    expect(within(dialog).queryByRole('textbox', { name: /Email/ })).toBeNull();
    expect(await within(dialog).findByText('Preparing the zip of 2 files…')).toBeInTheDocument();
    expect(double.callsTo('POST /api/applicants/download-zip')).toHaveLength(1);
    expect(double.callsTo('POST /api/applicants/download-zip')[0]?.body).toEqual({
      projectId: 'p1',
      applicantIds: ['a1'],
      email: 'dana@example.com',
    });
  });
});

describe('download zip dialog of the candidates workspace', () => {
  it('titles one candidate’s download by them and shows the zip’s link on the page when it is ready', async () => {
    let polls = 0;
    const { double, wrap } = setupHttp({
      'POST /api/applicants/download-zip': () =>
        jsonResponse(202, { id: testUuid('z9'), message: MESSAGES.downloadLinkSent }),
      [`GET /api/downloads/${testUuid('z9')}`]: () => {
        polls += 1;
        return jsonResponse(200, {
          id: testUuid('z9'),
          projectId: testUuid('p1'),
          status: polls === 1 ? 'PENDING' : 'READY',
          fileCount: 3,
          size: polls === 1 ? null : 2048,
          expiresAt: '2030-01-01T00:00:00.000Z',
          url: polls === 1 ? null : 'https://files.example/zip/z9.zip',
        });
      },
    });
    render(
      wrap(
        <DownloadZipDialog
          open
          onOpenChange={() => undefined}
          projectId="p1"
          applicantIds={['a1']}
          candidateName="Tara Talent"
          defaultEmail="dana@example.com"
        />,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Download all media of Tara Talent' });
    expect(await within(dialog).findByText('Preparing the zip of 3 files…')).toBeInTheDocument();
    const link = await within(dialog).findByRole('link', { name: 'Download the zip' }, { timeout: 6000 });
    expect(link).toHaveAttribute('href', 'https://files.example/zip/z9.zip');
    expect(double.callsTo('POST /api/applicants/download-zip')[0]?.body).toMatchObject({
      applicantIds: ['a1'],
    });
  }, 10_000);

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
    // The dialog follows the zip from here; Done closes it.
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));
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
