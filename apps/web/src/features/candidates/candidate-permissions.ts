import { can, canInSubmitterFolder, isSubmitterFolderAlias } from '@casting/domain';
import type { Permission, ProjectActor, SubmitterFolderAction } from '@casting/domain';

/** What a person can do to candidates on this page. */
export type CandidateAction =
  | 'COPY'
  | 'MOVE'
  | 'IMPORT'
  | 'FOLDER_ADD_REMOVE'
  | 'HIDE'
  | 'DELETE'
  | 'UP_VOTE'
  | 'DOWN_VOTE'
  | 'MAYBE_VOTE'
  | 'TAGS'
  | 'REORDER'
  | 'ADD_MEDIA'
  | 'DELETE_MEDIA'
  | 'SELFIE'
  | 'SEND_EMAIL';

const PERMISSION: Record<CandidateAction, Permission> = {
  COPY: 'CANDIDATE_COPY',
  MOVE: 'CANDIDATE_MOVE',
  // An import goes through the copy call and needs what a copy needs.
  IMPORT: 'CANDIDATE_COPY',
  FOLDER_ADD_REMOVE: 'CANDIDATE_FOLDER_ADD_REMOVE',
  HIDE: 'CANDIDATE_HIDE',
  DELETE: 'CANDIDATE_DELETE',
  UP_VOTE: 'CANDIDATE_VOTE',
  DOWN_VOTE: 'CANDIDATE_VOTE',
  MAYBE_VOTE: 'CANDIDATE_VOTE',
  TAGS: 'CANDIDATE_EDIT_TAGS',
  REORDER: 'REORDER_CANDIDATES',
  ADD_MEDIA: 'CANDIDATE_MEDIA',
  DELETE_MEDIA: 'CANDIDATE_MEDIA',
  // Asking for and removing a selfie (decision 0460).
  SELFIE: 'CANDIDATE_SELFIE',
  SEND_EMAIL: 'CANDIDATE_SEND_EMAIL',
};

/**
 * The submitter folder action table's names. Putting a candidate into or out of a submitter folder is moving it
 * between them (the API checks MOVE); the table names no tag or reorder action, so those stay closed there.
 */
const IN_SUBMITTER_FOLDER: Partial<Record<CandidateAction, SubmitterFolderAction>> = {
  COPY: 'COPY',
  IMPORT: 'COPY',
  MOVE: 'MOVE',
  FOLDER_ADD_REMOVE: 'MOVE',
  HIDE: 'HIDE',
  DELETE: 'DELETE',
  UP_VOTE: 'UP_VOTE',
  DOWN_VOTE: 'DOWN_VOTE',
  MAYBE_VOTE: 'MAYBE_VOTE',
  ADD_MEDIA: 'ADD_MEDIA',
  DELETE_MEDIA: 'DELETE_MEDIA',
  SELFIE: 'MANAGE_SELFIE',
  SEND_EMAIL: 'SEND_EMAIL',
};

export interface CandidateScope {
  actor: ProjectActor | null;
  /** The folder the list shows, if one is chosen. */
  folderAlias: string | null;
  /** The super admin's look at the submitter folders. */
  submitterView: boolean;
}

/**
 * Whether an action is offered. The casting team acts by the permission matrix. A talent
 * submitter acts only inside one submitter folder and only as that folder's action table allows, so with no
 * folder chosen nothing is offered. A super admin looking at the submitter folders may look but not act. The API
 * checks the same rules per row; this only keeps the screen honest.
 */
export function mayDo(
  { actor, folderAlias, submitterView }: CandidateScope,
  action: CandidateAction,
): boolean {
  const submitterFolder = isSubmitterFolderAlias(folderAlias) ? folderAlias : null;
  if (actor === 'TS' || submitterFolder) {
    const submitterAction = IN_SUBMITTER_FOLDER[action];
    return submitterAction !== undefined && canInSubmitterFolder(actor, submitterFolder, submitterAction);
  }
  if (submitterView) return false;
  return can(actor, PERMISSION[action]);
}
