import { z } from 'zod';

/**
 * Admin scripts (`/projects/admin-scripts/{id}`, super admins only): maintenance operations on one
 * project, each run as a background job with progress, a result and an audit entry. See
 * docs/decisions/0042-admin-scripts.md.
 */
export const ADMIN_SCRIPTS = [
  'RECOUNT',
  'REBUILD_SEARCH',
  'REPROCESS_FAILED_MEDIA',
  'TRANSFER_OWNERSHIP',
  'EXPORT_PROJECT',
  'PURGE_RETAINED',
] as const;
export type AdminScript = (typeof ADMIN_SCRIPTS)[number];
/** Restoring is not a script of an existing project: it makes a new one from an export's zip. */
export type AdminRunScript = AdminScript | 'RESTORE_PROJECT';

export const ADMIN_SCRIPT_INFO: Record<AdminRunScript, { title: string; description: string }> = {
  RECOUNT: {
    title: 'Recount folders and candidates',
    description:
      'Counts the candidates of every folder and opportunity again and repairs the stored link counters.',
  },
  REBUILD_SEARCH: {
    title: 'Rebuild the search index',
    description:
      'Recomputes every candidate’s search text (names and e-mail without accents) that search reads.',
  },
  REPROCESS_FAILED_MEDIA: {
    title: 'Reprocess failed media',
    description: 'Queues every media file whose conversion failed for another attempt.',
  },
  TRANSFER_OWNERSHIP: {
    title: 'Transfer ownership',
    description:
      'Makes another staff account the project’s owner; the previous owner stays on the team as editor.',
  },
  EXPORT_PROJECT: {
    title: 'Export the project',
    description:
      'Writes the whole project (details, opportunities, folders, candidates, votes, tags, team, media files) to a zip to download.',
  },
  PURGE_RETAINED: {
    title: 'Purge retained leftovers',
    description:
      'Deletes what the project keeps only for a while once its retention has passed: unused uploads, expired downloads, old exports and upload reports.',
  },
  RESTORE_PROJECT: {
    title: 'Restore a project',
    description: 'Creates a new project from an export’s zip, on this instance.',
  },
};

export const ADMIN_RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

export const ADMIN_SCRIPT_MESSAGES = {
  newOwnerEmailRequired: 'Enter the e-mail of the new owner.',
  newOwnerNotFound:
    'No staff account has this e-mail. The new owner must be a super admin, casting director or assistant.',
  alreadyOwner: 'This person already owns the project.',
  notAnExport: 'This file is not a project export. Choose a zip made by Export the project.',
  exportNotReady: 'This run has no export to download.',
  runNotFound: 'This run does not exist.',
  started: 'Started. The result shows here when it is done.',
} as const;

export const adminRunRequestSchema = z.object({
  script: z.enum(ADMIN_SCRIPTS),
  /** TRANSFER_OWNERSHIP: the new owner's e-mail. */
  email: z.string().trim().toLowerCase().max(320).optional(),
});
export type AdminRunRequest = z.infer<typeof adminRunRequestSchema>;

export const adminRunSchema = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  script: z.string(),
  status: z.enum(ADMIN_RUN_STATUSES),
  progress: z.number().int(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminRun = z.infer<typeof adminRunSchema>;

export const adminRunListSchema = z.object({ items: z.array(adminRunSchema) });
export const adminRunDownloadSchema = z.object({ url: z.string() });
export const adminRestoreQuerySchema = z.object({ name: z.string().trim().min(1).max(255).optional() });
