import { CHAT_MESSAGES, extractErrorMessage } from '@casting/domain';
import type { ChatThreadSummary, ProjectDetail } from '@casting/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useDebouncedSearch } from '../../lib/search/search-term';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { EmptyState } from '../../ui/empty-state';
import { SearchField } from '../../ui/search-field';
import { SkeletonList } from '../../ui/skeleton';
import { ProjectHeader, ProjectWorkspace, useProjectIdParam } from '../projects';
import { toast } from '../../lib/toast/toast';
import { markAllRead, markRead, refreshChat, threadListQuery } from './chat-api';
import { mayChat, useChatLive } from './chat-live';
import { ThreadView } from './thread-view';

const SEARCH_MIN_CHARS = 2;

/** /projects/chat/:id: the project's conversations with candidates beside the open one. */
export function ProjectChatPage() {
  const projectId = useProjectIdParam();
  return (
    <ProjectWorkspace projectId={projectId}>
      {(project) => <ChatWorkspace project={project} />}
    </ProjectWorkspace>
  );
}

function ChatWorkspace({ project }: { project: ProjectDetail }) {
  const http = useHttpClient();
  const [params, setParams] = useSearchParams();
  const openId = params.get('threadId');
  const [typed, setTyped] = useState('');
  const q = useDebouncedSearch(typed, SEARCH_MIN_CHARS);
  const { user } = useAuth();
  const allowed = mayChat(project.projectActor, Boolean(user?.agent));
  const threads = useInfiniteQuery({ ...threadListQuery(http, project.id, q), enabled: allowed });
  const items = useMemo(() => threads.data?.pages.flatMap((page) => page.items) ?? [], [threads.data]);
  useChatLive(project.id, allowed);
  const queryClient = useQueryClient();
  const anyUnread = items.some((thread) => thread.unreadCount > 0);
  const readAll = useMutation({
    mutationFn: () => markAllRead(http, project.id),
    onSettled: () => refreshChat(queryClient, project.id),
    onError: (error) => toast.error(CHAT_MESSAGES.markFailed, { description: extractErrorMessage(error) }),
  });
  // An open thread marks itself read, so "unread" closes it (as mail clients do) and leaves it bold in the list.
  const markUnread = useMutation({
    mutationFn: (threadId: string) => markRead(http, threadId, false),
    onSuccess: (_result, threadId) => {
      const name = items.find((thread) => thread.id === threadId)?.candidateName;
      open(null);
      if (name) toast.success(CHAT_MESSAGES.markedUnread(name));
    },
    onSettled: () => refreshChat(queryClient, project.id),
    onError: (error) => toast.error(CHAT_MESSAGES.markFailed, { description: extractErrorMessage(error) }),
  });

  const open = (threadId: string | null) => {
    const next = new URLSearchParams(params);
    if (threadId) next.set('threadId', threadId);
    else next.delete('threadId');
    setParams(next, { replace: true });
  };

  if (!allowed) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <ProjectHeader project={project} />
        <p role="alert" className="text-sm text-danger">
          Your role in this project does not include the chat with candidates.
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <ProjectHeader project={project} />
      <div className="grid min-h-[32rem] gap-4 md:grid-cols-[18rem_1fr]">
        <section
          aria-labelledby="threads-heading"
          className={cn('flex min-w-0 flex-col gap-3', openId && 'hidden md:flex')}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="threads-heading" className="text-lg font-semibold text-ink">
              {CHAT_MESSAGES.threadsHeading}
            </h2>
            {anyUnread ? (
              <Button variant="ghost" onClick={() => readAll.mutate()} disabled={readAll.isPending}>
                {CHAT_MESSAGES.markAllRead}
              </Button>
            ) : null}
          </div>
          <SearchField
            label={CHAT_MESSAGES.searchLabel}
            value={typed}
            onChange={setTyped}
            minChars={SEARCH_MIN_CHARS}
            placeholder={CHAT_MESSAGES.searchPlaceholder}
          />
          {threads.isPending ? (
            <SkeletonList label="Loading conversations" rows={4} />
          ) : threads.isError ? (
            <p role="alert" className="text-sm text-danger">
              {CHAT_MESSAGES.loadFailed} ({extractErrorMessage(threads.error)})
            </p>
          ) : items.length === 0 ? (
            <EmptyState title={q ? CHAT_MESSAGES.noThreadsFound : CHAT_MESSAGES.noThreads} />
          ) : (
            <ul className="flex flex-col gap-1" aria-label={CHAT_MESSAGES.threadsHeading}>
              {items.map((thread) => (
                <ThreadRow
                  key={thread.id}
                  thread={thread}
                  active={thread.id === openId}
                  onOpen={() => open(thread.id)}
                />
              ))}
            </ul>
          )}
          {threads.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void threads.fetchNextPage()}
              disabled={threads.isFetchingNextPage}
            >
              {CHAT_MESSAGES.loadMoreThreads}
            </Button>
          ) : null}
        </section>
        <div
          className={cn(
            'flex min-w-0 flex-col rounded-lg border border-line bg-surface p-3',
            !openId && 'hidden md:flex',
          )}
        >
          {openId ? (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Button variant="ghost" className="md:hidden" onClick={() => open(null)}>
                  ← {CHAT_MESSAGES.back}
                </Button>
                <Button
                  variant="ghost"
                  className="ml-auto"
                  onClick={() => markUnread.mutate(openId)}
                  disabled={markUnread.isPending}
                >
                  {CHAT_MESSAGES.markUnread}
                </Button>
              </div>
              <ThreadView key={openId} projectId={project.id} threadId={openId} className="h-[70dvh]" />
            </>
          ) : (
            <p className="m-auto text-sm text-ink-muted">{CHAT_MESSAGES.chooseThread}</p>
          )}
        </div>
      </div>
    </div>
  );
}

function ThreadRow({
  thread,
  active,
  onOpen,
}: {
  thread: ChatThreadSummary;
  active: boolean;
  onOpen(): void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        className={cn(
          'flex w-full min-w-0 flex-col items-start gap-0.5 rounded-md px-3 py-2 text-left hover:bg-canvas',
          active && 'bg-brand-50',
        )}
      >
        <span className="flex w-full items-center justify-between gap-2">
          <span className={cn('truncate text-sm text-ink', thread.unreadCount > 0 && 'font-semibold')}>
            {thread.candidateName}
          </span>
          {thread.unreadCount > 0 ? (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
              <span aria-hidden="true">{thread.unreadCount}</span>
              <span className="sr-only">{CHAT_MESSAGES.unreadBadge(thread.unreadCount)}</span>
            </span>
          ) : null}
        </span>
        {thread.lastMessagePreview ? (
          <span className="w-full truncate text-xs text-ink-muted">{thread.lastMessagePreview}</span>
        ) : null}
      </button>
    </li>
  );
}
