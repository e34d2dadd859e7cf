import { z } from 'zod';

/**
 * Data retention per office: when an office keeps candidates' data for a set number of days, the media and contact
 * details of the candidates nobody selected in an archived project are purged that many days after the archive. The
 * owners are told a week before; the preview lists what the coming purges remove.
 */
export const RETENTION = {
  /** Days between the owners' notice and the purge: a purge never happens sooner after its notice. */
  noticeDays: 7,
  previewLimitDefault: 20,
  previewLimitMax: 100,
  /** The projects one notice names; more are counted ("and 12 more"). */
  noticeProjectsMax: 50,
} as const;

/**
 * Roster standings that make a candidate selected (booked or held for the part); an avail check or a release does
 * not. Beside them, a place in the opportunity's SELECTS folder.
 */
export const RETENTION_KEEPING_ROSTER_STATUSES = ['FIRST_HOLD', 'SECOND_HOLD', 'BOOKED'] as const;

export const RETENTION_MESSAGES = {
  cursorInvalid: 'This page of the retention preview no longer exists. Reload the list.',
} as const;

export const retentionPreviewQuerySchema = z
  .object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(RETENTION.previewLimitMax)
      .default(RETENTION.previewLimitDefault),
    cursor: z.string().max(200).optional(),
  })
  .strict();
export type RetentionPreviewQuery = z.infer<typeof retentionPreviewQuerySchema>;

/** One archived project still to purge: when, and how many of its candidates lose their media and contact details. */
export const retentionPreviewItemSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  archivedAt: z.iso.datetime({ offset: true }),
  /** Null until the owners are told (a week before the purge). */
  noticeSentAt: z.iso.datetime({ offset: true }).nullable(),
  purgeAt: z.iso.datetime({ offset: true }),
  /** Candidates nobody selected who still hold media or contact details: what the purge clears. */
  candidates: z.number().int(),
  /** Their stored media items (each with its derived files). */
  mediaItems: z.number().int(),
});
export type RetentionPreviewItem = z.infer<typeof retentionPreviewItemSchema>;

/**
 * The preview, oldest archive first, one page at a time with no total (`nextCursor` names the next page). Empty while
 * the office keeps candidates' data (`retentionDays` null).
 */
export const retentionPreviewSchema = z.object({
  retentionDays: z.number().int().nullable(),
  noticeDays: z.number().int(),
  items: z.array(retentionPreviewItemSchema),
  nextCursor: z.string().nullable(),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;
