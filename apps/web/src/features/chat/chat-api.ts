import {
  chatAttachmentGrantSchema,
  chatMessageListSchema,
  chatMessageSchema,
  chatThreadDetailSchema,
  chatThreadListSchema,
  unreadCountSchema,
  CHAT_THREAD_PAGE_DEFAULT,
} from '@casting/domain';
import type { ChatAttachmentRequest, ChatMessageList, ChatThreadList } from '@casting/domain';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../../lib/http/http-client';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

const BASE = '/conversation-management';
const enc = encodeURIComponent;

/** Every chat query of a project sits under one key, so NEW_MESSAGE refreshes them all at once. */
export const chatKeys = {
  project: (projectId: string) => ['chat', projectId] as const,
  threads: (projectId: string, q: string) => ['chat', projectId, 'threads', q] as const,
  thread: (projectId: string, threadId: string) => ['chat', projectId, 'thread', threadId] as const,
  messages: (projectId: string, threadId: string) => ['chat', projectId, 'messages', threadId] as const,
  unread: (projectId: string) => ['chat', projectId, 'unread'] as const,
  forApplicant: (projectId: string, applicantId: string) =>
    ['chat', projectId, 'applicant', applicantId] as const,
};

export function threadListQuery(http: HttpClient, projectId: string, q: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.threads(projectId, q),
    queryFn: ({ signal, pageParam }) =>
      http.request(`${BASE}/threads`, chatThreadListSchema, {
        signal,
        query: {
          projectId,
          q: q || undefined,
          limit: CHAT_THREAD_PAGE_DEFAULT,
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ChatThreadList) => page.nextCursor,
    placeholderData: keepPreviousData,
    meta: ERROR_SHOWN_INLINE,
  });
}

export function threadQuery(http: HttpClient, projectId: string, threadId: string) {
  return queryOptions({
    queryKey: chatKeys.thread(projectId, threadId),
    queryFn: ({ signal }) =>
      http.request(`${BASE}/threads/${enc(threadId)}`, chatThreadDetailSchema, { signal }),
    meta: ERROR_SHOWN_INLINE,
  });
}

/** The candidate's thread, made on first use (the candidate preview opens it this way). */
export function applicantThreadQuery(http: HttpClient, projectId: string, applicantId: string) {
  return queryOptions({
    queryKey: chatKeys.forApplicant(projectId, applicantId),
    queryFn: ({ signal }) =>
      http.request(`${BASE}/threads`, chatThreadDetailSchema, {
        method: 'POST',
        signal,
        body: { projectId, applicantId },
      }),
    meta: ERROR_SHOWN_INLINE,
  });
}

export function messagesQuery(http: HttpClient, projectId: string, threadId: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(projectId, threadId),
    queryFn: ({ signal, pageParam }) =>
      http.request(`${BASE}/threads/${enc(threadId)}/messages`, chatMessageListSchema, {
        signal,
        query: { cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ChatMessageList) => page.nextCursor,
    meta: ERROR_SHOWN_INLINE,
  });
}

export function unreadCountQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: chatKeys.unread(projectId),
    queryFn: ({ signal }) =>
      http.request(`${BASE}/threads/unread-messages-count`, unreadCountSchema, {
        signal,
        query: { projectId },
      }),
    meta: ERROR_SHOWN_INLINE,
  });
}

export function sendMessage(
  http: HttpClient,
  threadId: string,
  body: { text: string; attachmentIds: string[] },
) {
  return http.request(`${BASE}/threads/${enc(threadId)}/messages`, chatMessageSchema, {
    method: 'POST',
    body,
  });
}

export function editMessage(http: HttpClient, messageId: string, text: string) {
  return http.request(`${BASE}/messages/${enc(messageId)}`, chatMessageSchema, {
    method: 'PATCH',
    body: { text },
  });
}

export function deleteMessage(http: HttpClient, messageId: string) {
  return http.request(`${BASE}/messages/${enc(messageId)}`, chatMessageSchema, { method: 'DELETE' });
}

const markReadResultSchema = z.object({ threadId: z.string(), isRead: z.boolean(), unreadCount: z.number() });

export function markRead(http: HttpClient, threadId: string, isRead: boolean) {
  return http.request(`${BASE}/threads/${enc(threadId)}/mark-read`, markReadResultSchema, {
    method: 'PATCH',
    body: { isRead },
  });
}

/** Marks every conversation of the project the caller may see as read (the read-notification call). */
export function markAllRead(http: HttpClient, projectId: string) {
  return http.request(`/v2/projects/${enc(projectId)}/read-notification`, unreadCountSchema, {
    method: 'POST',
  });
}

export function requestAttachmentUpload(http: HttpClient, threadId: string, body: ChatAttachmentRequest) {
  return http.request(`${BASE}/threads/${enc(threadId)}/attachments`, chatAttachmentGrantSchema, {
    method: 'POST',
    body,
  });
}

/** After a change or a NEW_MESSAGE hint: every chat query of the project (lists, threads, counts). */
export function refreshChat(queryClient: QueryClient, projectId: string) {
  return queryClient.invalidateQueries({ queryKey: chatKeys.project(projectId) });
}
