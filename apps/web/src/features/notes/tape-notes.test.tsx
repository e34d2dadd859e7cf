import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { clientNotesTarget } from './notes-api';
import { TapeNotes } from './tape-notes';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const note = (n: number, offsetMs: number | null, body: string) => ({
  id: ID(n),
  applicantId: ID(8),
  roleId: ID(9),
  body,
  visibility: 'CLIENT_LINKS',
  authorName: 'Dana',
  byClient: false,
  mine: false,
  mediaId: offsetMs === null ? null : ID(7),
  offsetMs,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

/** A tape of 20 seconds: jsdom plays nothing, so its length is given. */
function tape(): HTMLVideoElement {
  const video = document.createElement('video');
  Object.defineProperty(video, 'duration', { value: 20, configurable: true });
  return video;
}

describe('a tape’s time-coded notes', () => {
  it('places each marker at its share of the tape, lists notes in time order, and seeks from either', async () => {
    const api = createFetchDouble({
      'GET /api/projects/p1/applicants/secret/s1/notes': () =>
        jsonResponse(200, {
          // Newest first as the API answers; one past the end (a shorter re-encode) stays at the end.
          items: [note(1, 15_000, 'Great look'), note(2, 5_000, 'Strong start'), note(3, 25_000, 'After')],
          nextCursor: null,
        }),
    });
    const http = createHttpClient({
      baseUrl: '/api',
      fetch: api.fetch,
      getAccessToken: () => 'token',
      refreshAccessToken: async () => 'token',
      onRefreshFailed: () => undefined,
    });
    const video = tape();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <HttpClientProvider client={http}>
          <TapeNotes
            target={clientNotesTarget('p1', ID(8), 'secret', 's1', { noAuth: true })}
            mediaId={ID(7)}
            video={video}
            canWrite={false}
          />
        </HttpClientProvider>
      </QueryClientProvider>,
    );
    const markers = await screen.findAllByTestId('note-marker');
    expect(markers.map((marker) => marker.style.left)).toEqual(['25%', '75%', '100%']);
    expect(markers[0]).toHaveAccessibleName('Note by Dana at 0:05');
    await userEvent.click(screen.getByRole('button', { name: '0:15' }));
    expect(video.currentTime).toBe(15);
    await userEvent.click(markers[0]!);
    expect(video.currentTime).toBe(5);
    // Past the tape's end, a seek stops at the end.
    await userEvent.click(screen.getByRole('button', { name: '0:25' }));
    expect(video.currentTime).toBe(20);
    // A reader who may not write gets no note form.
    expect(screen.queryByRole('button', { name: /Add a note at/ })).toBeNull();
  });
});
