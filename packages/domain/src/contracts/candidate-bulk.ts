import { z } from 'zod';
import { VOTE_TYPES } from '../enums';
import { BULK_MAX, CANDIDATE_MESSAGES } from './candidates';

/** Votes, folders, order, tags and deletion for one or many rows of the candidates list, and what they announce. */

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });
const rowIds = z.array(id).min(1).max(BULK_MAX);

/** POST /projects/{id}/applicants/votes: one vote for one or many rows. */
export const voteRequestSchema = z.object({
  applicantIds: rowIds,
  vote: z.enum(VOTE_TYPES),
});
export type VoteRequest = z.infer<typeof voteRequestSchema>;

/** Add to or remove from one folder, for one or many rows. */
export const folderMembershipRequestSchema = z.object({
  applicantIds: rowIds,
  folderId: id,
});
export type FolderMembershipRequest = z.infer<typeof folderMembershipRequestSchema>;

/** PUT /projects/{id}/folders/{folderId}/applicant-sort: the rows of the folder in their new order. */
export const applicantSortSchema = z.object({
  applicantFolders: z.array(id).min(1).max(5000),
});
export type ApplicantSortRequest = z.infer<typeof applicantSortSchema>;

export const tagApplyRequestSchema = z.object({
  applicantIds: rowIds,
  tagIds: z.array(id).min(1).max(100),
});
export type TagApplyRequest = z.infer<typeof tagApplyRequestSchema>;

export const deleteApplicantsSchema = z.object({ applicantIds: rowIds });
export type DeleteApplicants = z.infer<typeof deleteApplicantsSchema>;

export const bulkResultSchema = z.object({
  /** How many candidates the call changed (for HIDE and UNHIDE: those not already hidden, or hidden, before). */
  count: z.number(),
  /** HIDE and UNHIDE only: how many were already hidden (or already shown), for whom nothing changed. */
  unchanged: z.number().optional(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
/**
 * What changed, in the `kind` of an APPLICANTS_UPDATED live event's payload. The payload is small and flat:
 * `{kind, count, roleId?}` (roleId when one opportunity is concerned); the page refetches what it shows.
 */
export const APPLICANTS_UPDATE_KINDS = [
  'ADD',
  'VOTE',
  'FOLDER_ADD',
  'FOLDER_REMOVE',
  'SORT',
  'TAGS_ADD',
  'TAGS_REMOVE',
  'DELETE',
  'COPY',
  'MOVE',
  'IMPORT',
  'CROSS_COPY',
  /** A reviewer rated a candidate or cleared their rating (decision 0867). */
  'RATING',
] as const;
export type ApplicantsUpdateKind = (typeof APPLICANTS_UPDATE_KINDS)[number];
