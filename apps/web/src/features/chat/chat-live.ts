import { can } from '@casting/domain';
import type { ProjectActor } from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useLiveProject } from '../../lib/live/use-live-project';
import { refreshChat, unreadCountQuery } from './chat-api';

/**
 * Who sees the chat: the matrix's chat actors, and a talent submitter who is an agent (the signed-in user has an agent
 * record, `user.agent`) for their own agency's clients. The API narrows what such a submitter sees and refuses one
 * without an agent record (decision 0299), so that submitter is shown no chat at all rather than a failing page.
 */
export function mayChat(actor: ProjectActor | null | undefined, isAgent: boolean): boolean {
  return can(actor, 'CHAT') || (actor === 'TS' && isAgent);
}

/** Refreshes the project's chat (lists, open thread, unread counts) on every NEW_MESSAGE of the live channel. */
export function useChatLive(projectId: string, enabled = true): void {
  const queryClient = useQueryClient();
  useLiveProject(projectId, (update) => {
    if (enabled && update.event === 'NEW_MESSAGE') void refreshChat(queryClient, projectId);
  });
}

/** The caller's unread messages in the project, kept current by NEW_MESSAGE; null while unknown or not allowed. */
export function useChatUnreadCount(projectId: string, enabled: boolean): number | null {
  const http = useHttpClient();
  const unread = useQuery({ ...unreadCountQuery(http, projectId), enabled });
  useChatLive(projectId, enabled);
  return enabled ? (unread.data?.count ?? null) : null;
}
