import { CHAT_MESSAGES, extractErrorMessage } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../lib/http/http-error';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Skeleton } from '../../ui/skeleton';
import { applicantThreadQuery } from './chat-api';
import { useChatLive } from './chat-live';
import { ThreadView } from './thread-view';

/**
 * The conversation with one candidate inside their preview (the thread is made on first use), inside `frame` (the
 * preview's section). A talent submitter may chat only about their own agency's clients (decision 0299); the API
 * answers 403 PERMISSION_DENIED for anyone else's candidate, and then nothing shows, not even the frame, so the
 * preview offers no chat that cannot work.
 */
export function CandidateChat({
  projectId,
  applicantId,
  frame = (content) => content,
}: {
  projectId: string;
  applicantId: string;
  frame?: (content: ReactNode) => ReactNode;
}) {
  const http = useHttpClient();
  const thread = useQuery(applicantThreadQuery(http, projectId, applicantId));
  useChatLive(projectId);
  if (thread.isPending) {
    return frame(
      <div role="status">
        <span className="sr-only">Loading the conversation</span>
        <Skeleton className="h-20 w-full" />
      </div>,
    );
  }
  if (thread.isError) {
    if (thread.error instanceof HttpError && thread.error.code === 'PERMISSION_DENIED') return null;
    return frame(
      <p role="alert" className="text-sm text-danger">
        {CHAT_MESSAGES.loadFailed} ({extractErrorMessage(thread.error)})
      </p>,
    );
  }
  return frame(
    <div className="flex flex-col gap-2">
      <ThreadView
        projectId={projectId}
        threadId={thread.data.id}
        headingLevel={3}
        showHeader={false}
        className="max-h-[32rem]"
      />
      <Link
        to={paths.project.chat(projectId, { threadId: thread.data.id })}
        className="text-sm text-brand-700 underline"
      >
        {CHAT_MESSAGES.openChat}
      </Link>
    </div>,
  );
}
