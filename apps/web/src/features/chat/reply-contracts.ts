/** The reply page's contract, imported on demand: zod stays out of the public page's first download. */
export { chatAttachmentGrantSchema, chatReplyViewSchema } from '@casting/domain';
