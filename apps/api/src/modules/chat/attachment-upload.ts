import type { ChatAttachmentGrant, ChatAttachmentRequest } from '@casting/domain';
import { chatAttachments } from '../../platform/db/schema';
import type { ChatViewer, ThreadRef } from './access';
import type { ChatDeps } from './chat-common';

const UPLOAD_URL_SECONDS = 900;

/** An attachment's upload: a server-made key and one signed PUT of exactly the declared size and type. */
export async function grantAttachmentUpload(
  deps: ChatDeps,
  viewer: ChatViewer,
  thread: ThreadRef,
  input: ChatAttachmentRequest,
): Promise<ChatAttachmentGrant> {
  const objectKey = deps.storage.newKey(`chat/${thread.projectId}`);
  const [row] = await deps.db
    .insert(chatAttachments)
    .values({
      projectId: thread.projectId,
      threadId: thread.id,
      objectKey,
      fileName: input.fileName.replace(/[\\/]/g, '_'),
      contentType: input.contentType,
      size: input.size,
      uploadedById: viewer.userId,
    })
    .returning({ id: chatAttachments.id });
  const upload = await deps.storage.presignPut(objectKey, {
    contentType: input.contentType,
    contentLength: input.size,
    expiresIn: UPLOAD_URL_SECONDS,
  });
  return { attachmentId: row!.id, upload };
}
