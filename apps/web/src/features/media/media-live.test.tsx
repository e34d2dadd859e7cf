import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createLiveClient } from '../../lib/live/live-client';
import type { LiveSocket } from '../../lib/live/live-client';
import { LiveClientProvider } from '../../lib/live/use-live-project';
import { createQueryClient } from '../../lib/query/query-client';
import { CandidateMedia } from './candidate-media';
import { MEDIA_STATUS_FALLBACK_POLL_MS } from './media-api';
import { buildMediaItem } from './media-fixtures';
import type { MediaItem } from './media-contract';

/** A websocket the test plays the server of. */
class FakeSocket implements LiveSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: LiveSocket['onopen'] = null;
  onclose: LiveSocket['onclose'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onerror: LiveSocket['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverCloses() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  serverSends(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const PROJECT = 'p1';
const THUMB = '/files/thumb.webp';

function setup() {
  let item: MediaItem = buildMediaItem({ id: 'd1', name: 'cv.pdf', kind: 'document', status: 'IN_PROGRESS' });
  const double = createFetchDouble({
    'GET /api/applicants/a1/media': () => jsonResponse(200, { items: [item] }),
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  const sockets: FakeSocket[] = [];
  const rejoins: (() => void)[] = [];
  const live = createLiveClient({
    url: 'ws://app/api/live',
    accessToken: () => 'token',
    freshAccessToken: async () => 'token',
    openSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    schedule: (run) => rejoins.push(run),
  });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        <LiveClientProvider client={live}>
          <CandidateMedia projectId={PROJECT} applicantId="a1" candidateName="Jane Doe" />
        </LiveClientProvider>
      </HttpClientProvider>
    </QueryClientProvider>,
  );
  const reads = () => double.callsTo('GET /api/applicants/a1/media').length;
  const socket = () => sockets[sockets.length - 1]!;
  const joins = () => {
    act(() => {
      socket().serverOpens();
      socket().serverSends({ action: 'joined', projectId: PROJECT });
    });
  };
  const processed = () => {
    item = { ...item, status: 'PROCESSED', thumbnailUrl: THUMB };
  };
  const thumbnail = () => view.container.querySelector(`img[src="${THUMB}"]`);
  return { reads, socket, joins, processed, thumbnail, rejoins };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('candidate media and live processing events', () => {
  it('refreshes the list when a status event names the candidate, and never polls while the channel is up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const t = setup();
    expect(await screen.findByRole('button', { name: /cv\.pdf/ })).toBeInTheDocument();
    expect(t.socket().sent).toEqual([]);
    t.joins();
    expect(t.socket().sent).toEqual([{ projectId: PROJECT, action: 'joinProject' }]);
    // On joining, the list is read once: a change made before the channel was up was not heard.
    await waitFor(() => expect(t.reads()).toBe(2));

    // With the channel up, a long wait brings no polling, whatever is still processing.
    await act(() => vi.advanceTimersByTimeAsync(4 * MEDIA_STATUS_FALLBACK_POLL_MS));
    expect(t.reads()).toBe(2);

    // Another candidate's event does not concern this list.
    act(() =>
      t.socket().serverSends({
        action: 'update',
        projectId: PROJECT,
        event: 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT',
        payload: { applicantId: 'a2', mediaId: 'x', status: 'PROCESSED' },
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(t.reads()).toBe(2);

    t.processed();
    act(() =>
      t.socket().serverSends({
        action: 'update',
        projectId: PROJECT,
        event: 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT',
        payload: { applicantId: 'a1', mediaId: 'd1', status: 'PROCESSED' },
      }),
    );
    await waitFor(() => expect(t.thumbnail()).not.toBeNull());
    expect(t.reads()).toBe(3);
  });

  it('polls slowly while the live channel is down, and stops once it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const t = setup();
    expect(await screen.findByRole('button', { name: /cv\.pdf/ })).toBeInTheDocument();
    t.joins();
    await waitFor(() => expect(t.reads()).toBe(2));
    act(() => t.socket().serverCloses());
    // The socket is down (the client retries it later): the list falls back to asking every 15 s.
    await act(() => vi.advanceTimersByTimeAsync(MEDIA_STATUS_FALLBACK_POLL_MS + 500));
    expect(t.reads()).toBe(3);
    t.processed();
    await act(() => vi.advanceTimersByTimeAsync(MEDIA_STATUS_FALLBACK_POLL_MS));
    await waitFor(() => expect(t.thumbnail()).not.toBeNull());
    const settled = t.reads();
    // Nothing is processing any more: no further asking.
    await act(() => vi.advanceTimersByTimeAsync(3 * MEDIA_STATUS_FALLBACK_POLL_MS));
    expect(t.reads()).toBe(settled);
  });
});
