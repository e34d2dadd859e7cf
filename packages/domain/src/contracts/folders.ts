import { z } from 'zod';
import { folderNameSchema } from '../validation/fields';
import { PROJECT_MESSAGES } from './project-fields';

/** Request and response shapes of an opportunity's folders. */

export const folderSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  roleId: z.string(),
  name: z.string(),
  systemAlias: z.string().nullable(),
  isSystem: z.boolean(),
  position: z.number().int(),
});
export type Folder = z.infer<typeof folderSchema>;

export const folderListQuerySchema = z.object({
  roleId: z.string().max(64).optional(),
  /** With a client link (portal mode) the viewer sees only the folders the link was made from. */
  clientLink: z.string().max(200).optional(),
  submitterFolders: z.stringbool().default(false),
});
export type FolderListQuery = z.infer<typeof folderListQuerySchema>;
export const folderListSchema = z.object({
  items: z.array(folderSchema),
  folderFeedbackEnabled: z.boolean(),
});
export type FolderList = z.infer<typeof folderListSchema>;

const folderName = folderNameSchema.max(100, PROJECT_MESSAGES.tooLong(100));
export const createFolderSchema = z.object({
  projectId: z.string().min(1),
  roleId: z.string().min(1),
  name: folderName,
});
export type CreateFolder = z.infer<typeof createFolderSchema>;
export const renameFolderSchema = z.object({ name: folderName });
