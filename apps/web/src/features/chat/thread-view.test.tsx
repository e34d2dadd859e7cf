import type { ChatMessage } from '@casting/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { splitLinks, MessageText } from './message-text';
import { ThreadView } from './thread-view';

const THREAD = 'a1b2c3d4-0000-4000-8000-000000000001';

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id: 'm1',
    threadId: THREAD,
    authorKind: 'TEAM',
    authorName: 'Dana Whitford',
    mine: false,
    text: 'Hello',
    attachments: [],
    deliveryStatus: 'EMAILED',
    createdAt: '2031-01-01T10:00:00.000000Z',
    editedAt: null,
    deletedAt: null,
    ...overrides,
  };
}

function renderThread(items: ChatMessage[], unreadCount = 0) {
  const double = createFetchDouble({
    [`GET /api/conversation-management/threads/${THREAD}`]: () =>
      jsonResponse(200, {
        id: THREAD,
        projectId: 'p1',
        applicantId: 'a1',
        candidateName: 'Ava Lindgren',
        lastMessageAt: null,
        lastMessagePreview: null,
        unreadCount,
        participants: [{ kind: 'CANDIDATE', name: 'Ava Lindgren', emailed: true }],
      }),
    [`GET /api/conversation-management/threads/${THREAD}/messages`]: () =>
      jsonResponse(200, { items, limit: 30, nextCursor: null }),
    [`POST /api/conversation-management/threads/${THREAD}/messages`]: (call) =>
      jsonResponse(201, message({ id: 'm-new', mine: true, text: (call.body as { text: string }).text })),
    [`PATCH /api/conversation-management/threads/${THREAD}/mark-read`]: () =>
      jsonResponse(200, { threadId: THREAD, isRead: true, unreadCount: 0 }),
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        <ThreadView projectId="p1" threadId={THREAD} />
      </HttpClientProvider>
    </QueryClientProvider>,
  );
  return double;
}

describe('message text', () => {
  it('renders markup as inert text and makes only http(s) addresses into links', () => {
    const { container } = render(
      <MessageText
        text={'<img src=x onerror=alert(1)> <b>bold</b>\nsee https://example.com/tape. javascript:alert(1)'}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)> <b>bold</b>');
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/tape');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('keeps trailing punctuation out of links and prefixes www addresses', () => {
    expect(splitLinks('Try www.example.org, then (https://a.test/x).')).toEqual([
      { kind: 'text', text: 'Try ' },
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org' },
      { kind: 'text', text: ', then (' },
      { kind: 'link', text: 'https://a.test/x', href: 'https://a.test/x' },
      { kind: 'text', text: ').' },
    ]);
  });
});

describe('ThreadView', () => {
  it('shows messages oldest first with their marks, and edit/delete only on one’s own', async () => {
    renderThread([
      message({ id: 'm3', text: 'Deleted one', deletedAt: '2031-01-01T12:00:00.000000Z', mine: true }),
      message({ id: 'm2', text: 'Sure, tomorrow', authorKind: 'CANDIDATE', authorName: 'Ava Lindgren' }),
      message({
        id: 'm1',
        text: 'Can you send a tape?',
        mine: true,
        editedAt: '2031-01-01T10:05:00.000000Z',
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Can you send a tape?'),
      expect.stringContaining('Sure, tomorrow'),
      expect.stringContaining('This message was deleted.'),
    ]);
    expect(items[0]).toHaveTextContent('(edited)');
    expect(items[0]).toHaveTextContent('E-mailed');
    expect(within(items[0]!).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(items[2]!).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('sends what was typed and marks an unread thread read', async () => {
    const user = userEvent.setup();
    const double = renderThread([], 2);
    await screen.findByText('No messages yet. Write the first one below.');
    await user.type(
      screen.getByRole('textbox', { name: 'Message' }),
      'Line one{Shift>}{Enter}{/Shift}Line two',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(double.callsTo(`POST /api/conversation-management/threads/${THREAD}/messages`)).toHaveLength(1),
    );
    expect(double.callsTo(`POST /api/conversation-management/threads/${THREAD}/messages`)[0]!.body).toEqual({
      text: 'Line one\nLine two',
      attachmentIds: [],
    });
    expect(double.callsTo(`PATCH /api/conversation-management/threads/${THREAD}/mark-read`)[0]!.body).toEqual(
      {
        isRead: true,
      },
    );
  });
});
