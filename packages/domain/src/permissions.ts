import { isSubmitterFolderAlias } from './folders';
import type { FolderAlias, SubmitterFolderAlias } from './folders';
import type { ProjectActor } from './roles';

export const PERMISSIONS = [
  'VIEW_PROJECT',
  'MANAGE_PROJECT',
  'CREATE_PROJECT',
  'MANAGE_ROLE',
  'CREATE_FOLDER',
  'MANAGE_CLIENT_LINKS',
  'MANAGE_APPLICANTS',
  'CHAT',
  'PROJECT_PREVIEW',
  'INVITE_TEAM_MEMBERS',
  'SUBMIT_TALENT',
  'SEND_UNDER_REVIEW',
  'ADD_REMOVE_APPLICANT',
  'COPY_TAGS',
  'SELECT_LINK_REFERRAL_USERS',
  'SUBMITTER_FOLDERS_SWITCH',
  'REORDER_CANDIDATES',
  'MANAGE_MEDIA_VISIBILITY',
  'VIEW_FEEDBACK',
  'CANDIDATE_COPY',
  'CANDIDATE_MOVE',
  'CANDIDATE_SEND_EMAIL',
  'CANDIDATE_FOLDER_ADD_REMOVE',
  'CANDIDATE_HIDE',
  'CANDIDATE_DELETE',
  'CANDIDATE_VOTE',
  'CANDIDATE_SELFIE',
  'CANDIDATE_MEDIA',
  'CANDIDATE_EDIT_TAGS',
  'VIEW_PROJECT_ROSTER',
  'MANAGE_PROJECT_ROSTER',
  'MANAGE_EMAIL_TEMPLATES',
  'REQUEST_SELF_TAPES',
  'VIEW_SELF_TAPES',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STAFF: readonly ProjectActor[] = ['SA', 'PO', 'PE'];
const REVIEWERS: readonly ProjectActor[] = ['SA', 'PO', 'PE', 'TE'];
const MEMBERS: readonly ProjectActor[] = ['SA', 'PO', 'PE', 'TE', 'TS'];

/**
 * Who may do what in a project, one row per permission. VIEW_PROJECT is ours: reading a project at all. A row is kept
 * only for a feature the product has (decision 0082): a submitter's communication-preferences screen has none.
 */
export const PERMISSION_MATRIX: Record<Permission, readonly ProjectActor[]> = {
  VIEW_PROJECT: ['SA', 'PO', 'PE', 'TE', 'TS', 'CLIENT'],
  MANAGE_PROJECT: STAFF,
  CREATE_PROJECT: STAFF,
  MANAGE_ROLE: STAFF,
  CREATE_FOLDER: STAFF,
  MANAGE_CLIENT_LINKS: STAFF,
  MANAGE_APPLICANTS: ['SA', 'PO'],
  CHAT: REVIEWERS,
  PROJECT_PREVIEW: REVIEWERS,
  INVITE_TEAM_MEMBERS: MEMBERS,
  SUBMIT_TALENT: MEMBERS,
  SEND_UNDER_REVIEW: ['TS'],
  ADD_REMOVE_APPLICANT: REVIEWERS,
  COPY_TAGS: REVIEWERS,
  SELECT_LINK_REFERRAL_USERS: REVIEWERS,
  SUBMITTER_FOLDERS_SWITCH: ['SA'],
  REORDER_CANDIDATES: STAFF,
  MANAGE_MEDIA_VISIBILITY: REVIEWERS,
  VIEW_FEEDBACK: ['SA', 'PO', 'PE', 'TE', 'CLIENT'],
  CANDIDATE_COPY: MEMBERS,
  CANDIDATE_MOVE: MEMBERS,
  CANDIDATE_SEND_EMAIL: MEMBERS,
  CANDIDATE_FOLDER_ADD_REMOVE: MEMBERS,
  CANDIDATE_HIDE: MEMBERS,
  CANDIDATE_DELETE: MEMBERS,
  CANDIDATE_VOTE: MEMBERS,
  // Asking a candidate for a selfie and removing it (decision 0460).
  CANDIDATE_SELFIE: MEMBERS,
  CANDIDATE_MEDIA: MEMBERS,
  CANDIDATE_EDIT_TAGS: MEMBERS,
  // Ours (decision 0399): the project roster (avail checks, holds, bookings, releases) is the casting office's own
  // work. The team's reviewers (talent editors too) see who is held and booked; only the project's staff (SA, PO,
  // PE, who manage the project and its roles) change it. Talent submitters are agents outside the office and clients
  // review through their own link: neither sees rates or other people's holds.
  VIEW_PROJECT_ROSTER: REVIEWERS,
  MANAGE_PROJECT_ROSTER: STAFF,
  // Ours: a project's e-mail templates are the casting staff's to write; everyone who may e-mail candidates uses them
  // (docs/decisions/0032-email-templates.md).
  MANAGE_EMAIL_TEMPLATES: STAFF,
  // Ours: a self-tape request sets a deadline and mails candidates and their agents on the office's behalf, so the
  // project's staff send it and answer extensions; the reviewers (talent editors too) follow its tracking.
  REQUEST_SELF_TAPES: STAFF,
  VIEW_SELF_TAPES: REVIEWERS,
};

/** A non-member (null) may do nothing. */
export function can(actor: ProjectActor | null | undefined, permission: Permission): boolean {
  return actor != null && PERMISSION_MATRIX[permission].includes(actor);
}

export function permissionsOf(actor: ProjectActor | null | undefined): Permission[] {
  return PERMISSIONS.filter((permission) => can(actor, permission));
}

export const SUBMITTER_FOLDER_ACTION_NAMES = [
  'MOVE',
  'COPY',
  'SEND_EMAIL',
  'HIDE',
  'DELETE',
  'UP_VOTE',
  'DOWN_VOTE',
  'MAYBE_VOTE',
  'ADD_MEDIA',
  'MANAGE_SELFIE',
  'DELETE_MEDIA',
] as const;
export type SubmitterFolderAction = (typeof SUBMITTER_FOLDER_ACTION_NAMES)[number];

/** What a talent submitter may do to a candidate in each submitter folder (a super admin gets none of these). */
export const SUBMITTER_FOLDER_ACTIONS: Record<SubmitterFolderAlias, readonly SubmitterFolderAction[]> = {
  TS_FOR_REVIEW: [
    'MOVE',
    'COPY',
    'SEND_EMAIL',
    'HIDE',
    'DELETE',
    'UP_VOTE',
    'DOWN_VOTE',
    'MAYBE_VOTE',
    'ADD_MEDIA',
    'MANAGE_SELFIE',
    'DELETE_MEDIA',
  ],
  TS_HOLD_LATER: [
    'MOVE',
    'COPY',
    'SEND_EMAIL',
    'HIDE',
    'DELETE',
    'UP_VOTE',
    'DOWN_VOTE',
    'ADD_MEDIA',
    'MANAGE_SELFIE',
    'DELETE_MEDIA',
  ],
  TS_ALL_SUBMISSIONS: ['COPY', 'ADD_MEDIA', 'SEND_EMAIL'],
  TS_HIDDEN: ['DELETE', 'HIDE', 'ADD_MEDIA', 'MANAGE_SELFIE', 'DELETE_MEDIA'],
  TS_NEW_SUBMISSIONS: ['ADD_MEDIA', 'COPY', 'SEND_EMAIL'],
  TS_INVITED: [],
};

/** Only a talent submitter acts inside submitter folders; SA may look (folders switch) but not act. */
export function canInSubmitterFolder(
  actor: ProjectActor | null | undefined,
  folderAlias: FolderAlias | null | undefined,
  action: SubmitterFolderAction,
): boolean {
  if (actor !== 'TS' || !isSubmitterFolderAlias(folderAlias)) return false;
  return SUBMITTER_FOLDER_ACTIONS[folderAlias].includes(action);
}
