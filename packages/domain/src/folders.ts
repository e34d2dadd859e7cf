import type { CopyMoveType } from './enums';

export const SYSTEM_FOLDER_ALIASES = [
  'NEW_SUBMISSIONS',
  'SELECTS',
  'VIEWED',
  'ALL_SUBMISSIONS',
  'DISLIKE',
  'LIKE',
  'HIDDEN',
  'MAYBE',
] as const;
export type SystemFolderAlias = (typeof SYSTEM_FOLDER_ALIASES)[number];

/** Folders a talent submitter works in (the submission-review folders). */
export const SUBMITTER_FOLDER_ALIASES = [
  'TS_NEW_SUBMISSIONS',
  'TS_ALL_SUBMISSIONS',
  'TS_HIDDEN',
  'TS_INVITED',
  'TS_FOR_REVIEW',
  'TS_HOLD_LATER',
] as const;
export type SubmitterFolderAlias = (typeof SUBMITTER_FOLDER_ALIASES)[number];

/**
 * The submitter folders whose candidates the agency has not sent on to the casting team yet: its New Submissions
 * (where its Yes puts them), For Review (where links with agency review put them) and Hold for Later (its Maybe).
 * "Send to casting" takes them from any of these to the opportunity's New Submissions.
 */
export const AGENCY_REVIEW_FOLDER_ALIASES = ['TS_NEW_SUBMISSIONS', 'TS_FOR_REVIEW', 'TS_HOLD_LATER'] as const;

export const FOLDER_ALIASES = [...SYSTEM_FOLDER_ALIASES, ...SUBMITTER_FOLDER_ALIASES] as const;
export type FolderAlias = SystemFolderAlias | SubmitterFolderAlias;

export function isSubmitterFolderAlias(alias: string | null | undefined): alias is SubmitterFolderAlias {
  return (SUBMITTER_FOLDER_ALIASES as readonly (string | null | undefined)[]).includes(alias);
}

export const FEEDBACK_VALUES = ['YES', 'NO', 'MAYBE'] as const;
export type Feedback = (typeof FEEDBACK_VALUES)[number];

/** Where a candidate lands for each feedback value. */
export const FEEDBACK_FOLDERS: Record<Feedback, SystemFolderAlias> = {
  YES: 'SELECTS',
  NO: 'VIEWED',
  MAYBE: 'MAYBE',
};

export const SUBMITTER_FEEDBACK_FOLDERS: Record<Feedback, SubmitterFolderAlias> = {
  YES: 'TS_NEW_SUBMISSIONS',
  NO: 'TS_HIDDEN',
  MAYBE: 'TS_HOLD_LATER',
};

export function feedbackFolderAlias(
  feedback: Feedback,
  options: { submitterFolders?: boolean } = {},
): FolderAlias {
  return options.submitterFolders ? SUBMITTER_FEEDBACK_FOLDERS[feedback] : FEEDBACK_FOLDERS[feedback];
}

/**
 * Folder feedback is on when every folder a feedback value maps to exists in the project, in either
 * the regular or the submitter variant; otherwise a YES/NO/MAYBE would have nowhere to land.
 */
export function folderFeedbackEnabled(aliases: readonly (string | null | undefined)[]): boolean {
  const present = new Set(aliases);
  const covers = (mapping: Record<Feedback, FolderAlias>) =>
    FEEDBACK_VALUES.every((feedback) => present.has(mapping[feedback]));
  return covers(FEEDBACK_FOLDERS) || covers(SUBMITTER_FEEDBACK_FOLDERS);
}

/** System folders that are views or inboxes, never a destination for copy or move. */
const NEVER_A_DESTINATION: readonly string[] = ['HIDDEN', 'ALL_SUBMISSIONS', 'TS_INVITED'];

/** Custom folders (no alias) are always allowed; NEW_SUBMISSIONS only when importing. */
export function isFolderChoiceAllowed(alias: string | null | undefined, type: CopyMoveType): boolean {
  if (!alias) return true;
  if (NEVER_A_DESTINATION.includes(alias)) return false;
  if (alias === 'NEW_SUBMISSIONS') return type === 'IMPORT';
  return true;
}

export function copyMoveFolderChoices<F extends { systemAlias?: string | null }>(
  folders: readonly F[],
  type: CopyMoveType,
): F[] {
  return folders.filter((folder) => isFolderChoiceAllowed(folder.systemAlias, type));
}
