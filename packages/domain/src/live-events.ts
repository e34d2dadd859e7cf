import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { MESSAGES } from './messages';
import type { Permission } from './permissions';

/**
 * The live project channel. A client opens the websocket with its access token in the query, sends
 * `{projectId, action: 'joinProject'}` after open and rejoins 100 ms after a close. The server pushes
 * `{action: 'update', projectId, event}`; the event name tells the page what to refresh. Messages carry ids and names,
 * never data: the page refetches what it shows through the API, which applies the access rules.
 */
export const LIVE_EVENTS = [
  /** Refresh the chat and the unread count. */
  'NEW_MESSAGE',
  /** Refresh the active applicant's data (a media conversion changed state). */
  'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT',
  /** Refresh the active applicant's data (a stream changed state). */
  'APPLICANT_STREAM_STATUS_UPDATED_EVENT',
  /**
   * Refresh the candidates list, folder counts and the open candidate: someone added, voted on, moved, tagged,
   * reordered, copied or deleted candidates of the project. Payload `{kind, count, roleId?}`
   * (APPLICANTS_UPDATE_KINDS); published inside the change's transaction, so it arrives only once it committed.
   */
  'APPLICANTS_UPDATED',
  /**
   * Refresh the project roster and the roster status of the open candidate: someone checked, held, booked or
   * released a candidate (decision 0733). Payload `{status}`; published inside the change's transaction.
   */
  'PROJECT_ROSTER_UPDATED',
  /**
   * Refresh a client review link's feedback and view log: a viewer voted, commented or opened the link. Payload
   * `{linkId}`; only actors who may see feedback receive it.
   */
  'CLIENT_FEEDBACK_UPDATED',
  /**
   * Refresh a self-tape request's tracking: a recipient opened, submitted, declined or asked for more time, or the
   * sending job progressed. Payload `{requestId, status}`; published inside the change's transaction.
   */
  'SELF_TAPES_UPDATED',
  /**
   * Refresh an audition session's schedule: a recipient confirmed, declined, picked a slot or asked for another, or
   * the team moved someone. Payload `{sessionId}`; for those who may read the project roster, as sessions are.
   */
  'AUDITION_UPDATED',
  /**
   * Refresh a candidate's notes and a tape's time-coded notes: someone wrote, changed or deleted a note. Payload
   * `{applicantId, mediaId}` (mediaId null for a note without a tape); the page refetches, which applies visibility.
   */
  'NOTES_UPDATED',
] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];
export const liveEventNameSchema = z.enum(LIVE_EVENTS);

/** Joining a project's channel needs what reading the project needs. */
export const LIVE_JOIN_PERMISSION: Permission = 'VIEW_PROJECT';

/** An event reaches a member only when their project role may see what it refreshes: chat hints go to chat users. */
export const LIVE_EVENT_PERMISSION: Record<LiveEventName, Permission> = {
  NEW_MESSAGE: 'CHAT',
  APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT: 'VIEW_PROJECT',
  APPLICANT_STREAM_STATUS_UPDATED_EVENT: 'VIEW_PROJECT',
  APPLICANTS_UPDATED: 'VIEW_PROJECT',
  // Rates and other people's holds are for those who may read the project roster.
  PROJECT_ROSTER_UPDATED: 'VIEW_PROJECT_ROSTER',
  CLIENT_FEEDBACK_UPDATED: 'VIEW_FEEDBACK',
  SELF_TAPES_UPDATED: 'VIEW_SELF_TAPES',
  AUDITION_UPDATED: 'VIEW_PROJECT_ROSTER',
  // Notes are read by the project's reviewers (the candidate preview's permission).
  NOTES_UPDATED: 'PROJECT_PREVIEW',
};

/**
 * An event a member's role may not receive (LIVE_EVENT_PERMISSION) still reaches a talent submitter whose agency is
 * named in its payload under this key (agency ids, comma-separated). NEW_MESSAGE names the agencies whose submitters
 * may open the thread: their own clients, as the link's communication settings allow (decisions 0299, 0051). The
 * server removes the key before sending, so no client learns which agencies represent whom.
 */
export const LIVE_AGENCY_AUDIENCE_KEY = 'agencyIds';

/** Whether a payload names this agency in its audience. */
export function liveAudienceIncludes(payload: LiveEventPayload | undefined, agencyId: string): boolean {
  const listed = payload?.[LIVE_AGENCY_AUDIENCE_KEY];
  return typeof listed === 'string' && listed.split(',').includes(agencyId);
}

/** The client waits this long after a close before it reconnects and rejoins. */
export const LIVE_REJOIN_DELAY_MS = 100;

/** Websocket close codes the server uses (4000-4999 is the range for applications). */
export const LIVE_CLOSE_CODES = {
  /** The access token ran out or the session ended: reconnect with a fresh token. */
  accessExpired: 4401,
} as const;

export const LIVE_MESSAGES = {
  originRefused: 'Live updates are only available from this site.',
  signInRequired: 'Please sign in to continue.',
  accessExpired: 'Your access has expired. Reconnect with a fresh access token.',
  invalidMessage: 'Send {"projectId": "<project id>", "action": "joinProject"} to join a project.',
  tooManyProjects: 'Too many projects joined on one connection.',
  websocketOnly: 'This address only accepts websocket connections.',
  projectAccessDenied: MESSAGES.projectAccessDenied,
} as const;

/** Small, flat extra data (ids, statuses): NOTIFY carries at most 8000 bytes, so never records. */
export const liveEventPayloadSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);
export type LiveEventPayload = z.infer<typeof liveEventPayloadSchema>;

// Client to server. `leaveProject` lets a page stop listening without closing the socket.
export const liveJoinProjectSchema = z.object({ projectId: z.string(), action: z.literal('joinProject') });
export const liveLeaveProjectSchema = z.object({ projectId: z.string(), action: z.literal('leaveProject') });
export const liveClientMessageSchema = z.discriminatedUnion('action', [
  liveJoinProjectSchema,
  liveLeaveProjectSchema,
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

// Server to client.
export const liveUpdateMessageSchema = z.object({
  action: z.literal('update'),
  projectId: z.string(),
  event: liveEventNameSchema,
  payload: liveEventPayloadSchema.optional(),
});
export type LiveUpdateMessage = z.infer<typeof liveUpdateMessageSchema>;

/** Acknowledges a join: from here on the client receives the project's updates. */
export const liveJoinedMessageSchema = z.object({ action: z.literal('joined'), projectId: z.string() });
export const liveLeftMessageSchema = z.object({ action: z.literal('left'), projectId: z.string() });

/** A refused join or a bad message; `projectId` names the project when the error concerns one. */
export const liveErrorMessageSchema = z.object({
  action: z.literal('error'),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  projectId: z.string().optional(),
});
export type LiveErrorMessage = z.infer<typeof liveErrorMessageSchema>;

export const liveServerMessageSchema = z.discriminatedUnion('action', [
  liveUpdateMessageSchema,
  liveJoinedMessageSchema,
  liveLeftMessageSchema,
  liveErrorMessageSchema,
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
