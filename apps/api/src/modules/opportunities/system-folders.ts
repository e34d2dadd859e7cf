import { SUBMITTER_FOLDER_ALIASES, SYSTEM_FOLDER_ALIASES, type FolderAlias } from '@casting/domain';

/** Display names of the folders every opportunity is created with. */
export const SYSTEM_FOLDER_NAMES: Record<FolderAlias, string> = {
  NEW_SUBMISSIONS: 'New Submissions',
  SELECTS: 'Selects',
  VIEWED: 'Viewed',
  ALL_SUBMISSIONS: 'All Submissions',
  DISLIKE: 'Dislike',
  LIKE: 'Like',
  HIDDEN: 'Hidden',
  MAYBE: 'Maybe',
  TS_NEW_SUBMISSIONS: 'New Submissions',
  TS_ALL_SUBMISSIONS: 'All Submissions',
  TS_HIDDEN: 'Hidden',
  TS_INVITED: 'Invited',
  TS_FOR_REVIEW: 'For Review',
  TS_HOLD_LATER: 'Hold for Later',
};

/** Rows for the system and submitter folders of a new opportunity, in display order. */
export function systemFolderRows(projectId: string, roleId: string) {
  return [...SYSTEM_FOLDER_ALIASES, ...SUBMITTER_FOLDER_ALIASES].map((alias, position) => ({
    projectId,
    roleId,
    systemAlias: alias,
    name: SYSTEM_FOLDER_NAMES[alias],
    position,
  }));
}
