import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_MESSAGES, MESSAGES } from '@casting/domain';
import { jsonResponse } from '../../../test/fetch-double';
import { toast } from '../../lib/toast/toast';
import type { PutOptions, QueueItem } from '../../lib/upload';
import { createMediaUploadTransport } from './media-api';
import { UploadQueue } from './upload-queue';
import { UploadQueueList } from './upload-queue-list';
import { named, setupHttp, UPLOAD_HANDLERS } from './media-test-http';

// The upload queue: refused types, failures with retry and their report to the API, the API's refusal of stored
// bytes, the large-file question, and the queue's rows.
afterEach(() => {
  toast.dismiss();
});

const TARGET = { projectId: '00000000-0000-4000-8000-0000000000b1' };

describe('upload queue component', () => {
  it('refuses files of other types with the catalogue toast and uploads the rest, showing them completed', async () => {
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

  it('tells its owner while a file is on its way', async () => {
    const { http, wrap } = setupHttp(UPLOAD_HANDLERS);
    let finishPut!: () => void;
    const putHeld = new Promise<void>((resolve) => (finishPut = resolve));
    const transport = createMediaUploadTransport(http, TARGET, {
      put: async () => {
        await putHeld;
        return { etag: '"e"' };
      },
    });
    const onBusyChange = vi.fn();
    render(wrap(<UploadQueue transport={transport} scope="test" onBusyChange={onBusyChange} />));
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    await userEvent.upload(screen.getByTestId('file-picker-input'), [named('take.mp4')]);
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(true));
    finishPut();
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
  });

  it('shows a failed upload with a retry button and the catalogue toast, and reports the failure to the API', async () => {
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
          message: MEDIA_MESSAGES.refusedContent('setup.jpg', null),
          details: {
            issues: [{ path: 'body.Key', message: MEDIA_MESSAGES.refusedContent('setup.jpg', null) }],
          },
        }),
    });
    const transport = createMediaUploadTransport(http, TARGET, { put: async () => ({ etag: '"e"' }) });
    render(wrap(<UploadQueue transport={transport} scope="test" />));
    await userEvent.setup().upload(screen.getByTestId('file-picker-input'), [named('setup.jpg')]);
    expect(await screen.findByText(MESSAGES.failedToUpload('setup.jpg'))).toBeInTheDocument();
    // Told twice: in the toast, and on the file's row where it stays.
    expect(screen.getAllByText(MEDIA_MESSAGES.refusedContent('setup.jpg', null))).toHaveLength(2);
  });

  it('shows a refusal’s reason on its row and offers removal, never a retry that cannot succeed', async () => {
    const refusal = 'This file’s content is an executable (application/x-msdownload), not an accepted photo.';
    const { http, wrap } = setupHttp({
      ...UPLOAD_HANDLERS,
      'POST /api/media-management/upload-complete': () =>
        jsonResponse(400, { code: 'VALIDATION_FAILED', message: refusal }),
    });
    const transport = createMediaUploadTransport(http, TARGET, { put: async () => ({ etag: '"e"' }) });
    render(wrap(<UploadQueue transport={transport} scope="test" />));
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('file-picker-input'), [named('setup.jpg')]);
    const list = await screen.findByRole('list', { name: 'Uploads' });
    const row = (await within(list).findByText(refusal)).closest('li') as HTMLElement;
    expect(within(row).getByText('Refused')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Retry setup.jpg' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Remove setup.jpg' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
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
    refused: false,
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

  it('keeps a row inside a narrow card: the name truncates and the controls wrap below it', () => {
    render(
      <UploadQueueList
        onRetry={() => undefined}
        onRemove={() => undefined}
        items={[item({ name: `${'very-long-name-'.repeat(8)}.jpg`, status: 'UPLOADING', progress: 3 })]}
      />,
    );
    const name = screen.getByText(`${'very-long-name-'.repeat(8)}.jpg`);
    const row = name.closest('li') as HTMLElement;
    expect(row).toHaveClass('flex-wrap', 'min-w-0');
    expect(name).toHaveClass('truncate', 'min-w-0');
    // The name takes the first line on a phone; percent and buttons go to the next one instead of pushing out.
    expect(name.closest('[data-part="name"]')).toHaveClass('basis-full');
  });

  it('shows a thumbnail of a chosen photo and lets its object URL go when the row is removed', () => {
    const created: Blob[] = [];
    const revoked: string[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return `blob:thumb-${created.length}`;
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    });
    try {
      const photo = item({ name: 'head.jpg', file: named('head.jpg') });
      const video = item({ name: 'tape.mp4', type: 'video', fileType: 'video/mp4', file: named('tape.mp4') });
      const { rerender } = render(
        <UploadQueueList onRetry={() => undefined} onRemove={() => undefined} items={[photo, video]} />,
      );
      const row = screen.getByText('head.jpg').closest('li') as HTMLElement;
      expect(within(row).getByRole('img', { name: 'head.jpg' })).toHaveAttribute('src', 'blob:thumb-1');
      expect(created).toEqual([photo.file]);
      rerender(<UploadQueueList onRetry={() => undefined} onRemove={() => undefined} items={[video]} />);
      expect(revoked).toEqual(['blob:thumb-1']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
