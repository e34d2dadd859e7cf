import { can } from '@casting/domain';
import type { ProjectActor } from '@casting/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useLiveProject } from '../../lib/live/use-live-project';
import { refreshChat, unreadCountQuery } from './chat-api';

/**
 * Who sees the chat: the matrix's chat actors, and a talent submitter for their own agency's clients (the API
 * narrows what they see; decision 0030).
 */
export function mayChat(actor: ProjectActor | null | undefined): boolean {
  return can(actor, 'CHAT') || actor === 'TS';
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
