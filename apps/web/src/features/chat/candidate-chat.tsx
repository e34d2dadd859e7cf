import { CHAT_MESSAGES, extractErrorMessage } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Skeleton } from '../../ui/skeleton';
import { applicantThreadQuery } from './chat-api';
import { useChatLive } from './chat-live';
import { ThreadView } from './thread-view';

/** The conversation with one candidate inside their preview (the thread is made on first use). */
export function CandidateChat({ projectId, applicantId }: { projectId: string; applicantId: string }) {
  const http = useHttpClient();
  const thread = useQuery(applicantThreadQuery(http, projectId, applicantId));
  useChatLive(projectId);
  if (thread.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading the conversation</span>
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (thread.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {CHAT_MESSAGES.loadFailed} ({extractErrorMessage(thread.error)})
      </p>
    );
  }
  return (
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
    </div>
  );
}
