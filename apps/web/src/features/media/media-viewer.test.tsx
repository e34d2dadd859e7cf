import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import type { MediaItem } from './media-contract';
import { buildMediaItem } from './media-fixtures';
import { MediaViewer } from './media-viewer';
import { setupHttp } from './media-test-http';
import type { MediaViewerProps } from './media-viewer';

const media = ({
  type,
  ...patch
}: Partial<MediaItem> & Pick<MediaItem, 'id' | 'name'> & { type: MediaItem['kind'] }): MediaItem =>
  buildMediaItem({ kind: type, ...patch });

const ITEMS = [
  media({ id: 'm1', name: 'headshot.jpg', type: 'image', convertedUrl: '/files/m1.webp' }),
  media({ id: 'm2', name: 'selftape.mp4', type: 'video', convertedUrl: '/files/m2-web.mp4' }),
  media({ id: 'm3', name: 'resume.docx', type: 'document' }),
];

/** The reports the viewer sends the operator about media it could not show. */
const reports = setupHttp({
  'POST /api/media-management/display-failed': () => new Response(null, { status: 204 }),
});
const reported = () =>
  reports.double.callsTo('POST /api/media-management/display-failed').map((call) => call.body);

function Harness(props: Partial<MediaViewerProps> & { start?: number }) {
  return reports.wrap(<ViewerState {...props} />);
}

function ViewerState({ start = 0, ...props }: Partial<MediaViewerProps> & { start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <MediaViewer
      items={ITEMS}
      index={index}
      onIndexChange={setIndex}
      onClose={() => setIndex(null)}
      candidateName="Jane Doe"
      {...props}
    />
  );
}

const viewer = () => screen.getByTestId('media-viewer');

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
});

describe('media viewer', () => {
  it('steps through the candidate’s media with the arrow keys, Home and End, with accessible names', async () => {
    render(<Harness />);
    expect(await screen.findByRole('dialog', { name: 'headshot.jpg – Jane Doe' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'headshot.jpg' })).toHaveAttribute('src', '/files/m1.webp');
    expect(screen.getByRole('button', { name: 'Previous media' })).toBeDisabled();

    fireEvent.keyDown(viewer(), { key: 'ArrowRight' });
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('viewer-video')).toHaveAttribute('src', '/files/m2-web.mp4');
    expect(screen.getByTestId('viewer-video')).toHaveAccessibleName('selftape.mp4');

    fireEvent.keyDown(viewer(), { key: 'End' });
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    // A document without a preview: its icon, and the original to open.
    expect(screen.getByRole('link', { name: 'Open resume.docx in a new tab' })).toHaveAttribute(
      'href',
      ITEMS[2]!.url,
    );
    expect(screen.getByRole('button', { name: 'Next media' })).toBeDisabled();
    fireEvent.keyDown(viewer(), { key: 'ArrowRight' });
    expect(screen.getByText('3 of 3')).toBeInTheDocument();

    fireEvent.keyDown(viewer(), { key: 'ArrowLeft' });
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    fireEvent.keyDown(viewer(), { key: 'Home' });
    expect(screen.getByText('1 of 3')).toBeInTheDocument();

    fireEvent.keyDown(viewer(), { key: 'Escape' });
    expect(screen.queryByTestId('media-viewer')).not.toBeInTheDocument();
  });

  it('moves across candidates with Shift+arrows and the buttons, only when the page offers it', async () => {
    const onPreviousCandidate = vi.fn();
    const onNextCandidate = vi.fn();
    render(<Harness onNextCandidate={onNextCandidate} onPreviousCandidate={onPreviousCandidate} />);
    await screen.findByTestId('media-viewer');
    fireEvent.keyDown(viewer(), { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(viewer(), { key: 'PageUp' });
    expect(onNextCandidate).toHaveBeenCalledTimes(1);
    expect(onPreviousCandidate).toHaveBeenCalledTimes(1);
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next candidate' }));
    expect(onNextCandidate).toHaveBeenCalledTimes(2);
  });

  it('offers no candidate buttons without the callbacks', async () => {
    render(<Harness />);
    await screen.findByTestId('media-viewer');
    expect(screen.queryByRole('button', { name: 'Next candidate' })).not.toBeInTheDocument();
  });

  it('asks about a video still processing every 6 s, at most 10 times, then plays the original', async () => {
    vi.useFakeTimers();
    const refresh = vi.fn(async (item: MediaItem) => item);
    render(
      <Harness
        items={[media({ id: 'v', name: 'tape.mov', type: 'video', status: 'IN_PROGRESS' })]}
        refresh={refresh}
      />,
    );
    expect(screen.getAllByText(/still being prepared/).length).toBeGreaterThan(0);
    await act(() => vi.advanceTimersByTimeAsync(5999));
    expect(refresh).toHaveBeenCalledTimes(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(6000 * 8));
    expect(refresh).toHaveBeenCalledTimes(9);
    expect(screen.queryByTestId('viewer-video')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(refresh).toHaveBeenCalledTimes(10);
    expect(screen.getByTestId('viewer-video')).toHaveAttribute('src', '/files/v');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(refresh).toHaveBeenCalledTimes(10);
  });

  it('plays the converted video as soon as a check finds it processed', async () => {
    vi.useFakeTimers();
    const refresh = vi.fn(async (item: MediaItem) => ({
      ...item,
      status: 'PROCESSED' as const,
      convertedUrl: '/files/v-web.mp4',
    }));
    render(
      <Harness
        items={[media({ id: 'v', name: 'tape.mov', type: 'video', status: 'PENDING' })]}
        refresh={refresh}
      />,
    );
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.getByTestId('viewer-video')).toHaveAttribute('src', '/files/v-web.mp4');
  });

  it('says something went wrong when the check itself fails, and shows the original', async () => {
    vi.useFakeTimers();
    const refresh = vi.fn(async () => {
      throw new Error('offline');
    });
    render(
      <Harness
        items={[media({ id: 'v', name: 'tape.mov', type: 'video', status: 'PENDING' })]}
        refresh={refresh}
      />,
    );
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.getByTestId('viewer-video')).toHaveAttribute('src', '/files/v');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByText(MESSAGES.mediaLoadFailed)).toBeInTheDocument();
  });

  it('tries a video address that does not load again every 3 s, 5 times, then says so and closes 2 s later', async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Harness items={[media({ id: 'v', name: 'tape.mp4', type: 'video' })]} onClose={onClose} />);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      fireEvent.error(screen.getByTestId('viewer-video'));
      await act(() => vi.advanceTimersByTimeAsync(3000));
    }
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.error(screen.getByTestId('viewer-video'));
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.getByText(MESSAGES.failedToLoadFile)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('falls back from a broken rendition to the original image before giving up', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onClose = vi.fn();
    const earlier = reported().length;
    render(<Harness onClose={onClose} />);
    const image = screen.getByRole('img', { name: 'headshot.jpg' });
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'headshot.jpg' })).toHaveAttribute('src', '/files/m1');
    // The display image's failure is logged, not shown: the person sees the original and no message.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      MESSAGES.displayImageFailed,
      expect.objectContaining({ src: '/files/m1.webp' }),
    );
    expect(screen.queryByText(MESSAGES.displayImageFailed)).not.toBeInTheDocument();
    warn.mockRestore();
    fireEvent.error(screen.getByRole('img', { name: 'headshot.jpg' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(onClose).toHaveBeenCalledTimes(1);
    // Both reach the operator: the display image, then the file itself.
    expect(reported().slice(earlier)).toEqual([
      { mediaId: ITEMS[0]!.id, problem: 'display-image' },
      { mediaId: ITEMS[0]!.id, problem: 'file' },
    ]);
  });

  it('shows the original with a note when the conversion failed', async () => {
    render(
      <Harness
        items={[
          media({ id: 'v', name: 'tape.mkv', type: 'video', status: 'FAILED', failureReason: 'codec' }),
        ]}
      />,
    );
    expect(await screen.findByTestId('viewer-video')).toHaveAttribute('src', '/files/v');
    expect(screen.getByText(/could not be converted/)).toBeInTheDocument();
  });
});
