import { CHAT_MESSAGES, extractErrorMessage } from '@casting/domain';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/skeleton';
import { markRead, messagesQuery, refreshChat, threadQuery } from './chat-api';
import { Composer } from './composer';
import { MessageItem } from './message-item';

export interface ThreadViewProps {
  projectId: string;
  threadId: string;
  /** Headings inside the view start at this level (the chat page has an h1 above, the preview an h2). */
  headingLevel?: 2 | 3;
  /** Shows the candidate's name and the participants above the messages. */
  showHeader?: boolean;
  className?: string;
}

/**
 * One conversation: the messages (oldest at the top, older pages on demand), each with its author, time, delivery
 * status and 'edited'/'deleted' marks; the caller's own messages can be edited and deleted; the composer sends text
 * and attachments. Opening the thread marks it read for the caller.
 */
export function ThreadView({
  projectId,
  threadId,
  headingLevel = 2,
  showHeader = true,
  className,
}: ThreadViewProps) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const thread = useQuery(threadQuery(http, projectId, threadId));
  const messages = useInfiniteQuery(messagesQuery(http, projectId, threadId));
  const ordered = useMemo(
    () => (messages.data?.pages.flatMap((page) => page.items) ?? []).slice().reverse(),
    [messages.data],
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // Reading the thread marks it read: on open, and again when a new message arrives while it is open.
  const unread = thread.data?.unreadCount ?? 0;
  useEffect(() => {
    if (unread === 0) return;
    void markRead(http, threadId, true)
      .then(() => refreshChat(queryClient, projectId))
      .catch(() => undefined);
  }, [http, queryClient, projectId, threadId, unread]);

  // Keeps the newest message in view when one arrives, by scrolling the messages' own box only: the page or the
  // candidate preview around it stays where it is (the preview opens at its top, with the name and the votes).
  const listRef = useRef<HTMLDivElement>(null);
  const newestId = ordered.at(-1)?.id;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  return (
    // Not a named region: inside the candidate preview that region already bears the candidate's name.
    <div className={cn('flex min-h-0 flex-col', className)}>
      <header className={cn('border-b border-line pb-2', !showHeader && 'sr-only')}>
        <Heading id={`thread-${threadId}-heading`} className="text-lg font-semibold text-ink">
          {thread.data?.candidateName ?? CHAT_MESSAGES.pageTitle}
        </Heading>
        {thread.data ? (
          <p className="text-sm text-ink-muted">
            {thread.data.participants
              .map(
                (participant) =>
                  `${participant.name} (${participant.kind === 'AGENT' ? CHAT_MESSAGES.agent : CHAT_MESSAGES.candidate}${
                    participant.emailed ? '' : ', not e-mailed'
                  })`,
              )
              .join(' · ')}
          </p>
        ) : null}
        {thread.data && !thread.data.participants.some((participant) => participant.emailed) ? (
          <p className="mt-1 text-sm text-warning">{CHAT_MESSAGES.noRecipients}</p>
        ) : null}
      </header>

      <div
        ref={listRef}
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto py-3"
        aria-live="polite"
      >
        {messages.hasNextPage ? (
          <Button
            variant="ghost"
            className="self-center"
            onClick={() => void messages.fetchNextPage()}
            disabled={messages.isFetchingNextPage}
          >
            {CHAT_MESSAGES.loadOlder}
          </Button>
        ) : null}
        {messages.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading the messages</span>
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
          </div>
        ) : messages.isError ? (
          <p role="alert" className="text-sm text-danger">
            {CHAT_MESSAGES.loadFailed} ({extractErrorMessage(messages.error)})
          </p>
        ) : ordered.length === 0 ? (
          <p className="text-sm text-ink-muted">{CHAT_MESSAGES.noMessages}</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Messages">
            {ordered.map((message) => (
              <MessageItem key={message.id} message={message} projectId={projectId} />
            ))}
          </ol>
        )}
      </div>

      <Composer projectId={projectId} threadId={threadId} />
    </div>
  );
}
