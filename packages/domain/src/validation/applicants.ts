import { z } from 'zod';
import { COPY_MOVE_TYPES, MEDIA_ISSUE_CHANNELS } from '../enums';
import { MESSAGES } from '../messages';
import { ALWAYS_CHECK, requiredText } from './fields';

/** Copy and move need an opportunity and a folder; an import needs only the opportunity. */
export const copyMoveRequestSchema = z
  .object({
    type: z.enum(COPY_MOVE_TYPES),
    applicantIds: z.array(z.string().min(1)).min(1),
    roleId: z.string().nullish(),
    folderIds: z.array(z.string().min(1)).default([]),
    copyFeedbacks: z.boolean().default(false),
    copyComments: z.boolean().default(false),
    copyMedia: z.boolean().default(false),
    copyTags: z.boolean().default(false),
    projectId: z.string().min(1).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.roleId) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.opportunityRequiredForCopy, path: ['roleId'] });
    }
    const hasFolder = Array.isArray(value.folderIds) && value.folderIds.length > 0;
    if (value.type !== 'IMPORT' && !hasFolder) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.folderRequiredForCopy, path: ['folderIds'] });
    }
  }, ALWAYS_CHECK);
export type CopyMoveRequestInput = z.input<typeof copyMoveRequestSchema>;
export type CopyMoveRequest = z.infer<typeof copyMoveRequestSchema>;

export const reportMediaIssueSchema = z.object({
  applicantId: z.string().min(1),
  applicantMediaId: z.string().min(1),
  channel: z.enum(MEDIA_ISSUE_CHANNELS).default('SLACK'),
  description: requiredText(MESSAGES.descriptionRequired),
});
export type ReportMediaIssue = z.infer<typeof reportMediaIssueSchema>;
