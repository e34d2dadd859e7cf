import { sql, type SQL } from 'drizzle-orm';
import { CHAT_MESSAGES, type ChatAttachmentGrant, type ChatAttachmentRequest } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { chatAttachments } from '../../platform/db/schema';
import { fieldErrors } from '../../platform/errors';
import type { ThreadRef } from './access';
import { rows, type ChatDeps } from './chat-common';

/** Who uploads an attachment: a team member, or the candidate or agent a reply link was sent to. */
export type AttachmentUploader = { userId: string } | { replyLinkId: string };

const uploaderIs = (uploader: AttachmentUploader): SQL =>
  'userId' in uploader
    ? sql`uploaded_by_id = ${uploader.userId}::uuid`
    : sql`reply_link_id = ${uploader.replyLinkId}::uuid`;

const UPLOAD_URL_SECONDS = 900;

/** An attachment's upload: a server-made key and one signed PUT of exactly the declared size and type. */
export async function grantAttachmentUpload(
  deps: ChatDeps,
  uploader: AttachmentUploader,
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
      uploadedById: 'userId' in uploader ? uploader.userId : null,
      replyLinkId: 'replyLinkId' in uploader ? uploader.replyLinkId : null,
    })
    .returning({ id: chatAttachments.id });
  const upload = await deps.storage.presignPut(objectKey, {
    contentType: input.contentType,
    contentLength: input.size,
    expiresIn: UPLOAD_URL_SECONDS,
  });
  return { attachmentId: row!.id, upload };
}

/**
 * The uploads a message names, checked: this thread's, by this uploader, not yet attached, and really in storage with
 * the declared size. Anything else refuses the whole message.
 */
export async function usableAttachments(
  deps: ChatDeps,
  uploader: AttachmentUploader,
  thread: ThreadRef,
  ids: readonly string[],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await rows<{ id: string; object_key: string; size: string | number; file_name: string }>(
    deps.db,
    sql`select id, object_key, size, file_name from chat_attachments
      where thread_id = ${thread.id}::uuid and message_id is null and ${uploaderIs(uploader)}
        and id in (${sql.join(
          unique.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const refused = () =>
    fieldErrors([{ path: 'body.attachmentIds', message: CHAT_MESSAGES.attachmentUnknown }]);
  if (found.length !== unique.length) throw refused();
  for (const row of found) {
    const info = await deps.storage.head(row.object_key);
    if (!info || info.size !== Number(row.size)) throw refused();
  }
  return found;
}

/** Attaches checked uploads to the message just written (in its transaction). */
export async function attachTo(
  tx: Queryable,
  messageId: string,
  attachments: readonly { id: string }[],
): Promise<void> {
  if (attachments.length === 0) return;
  await tx.execute(sql`update chat_attachments set message_id = ${messageId}::uuid
    where message_id is null and id in (${sql.join(
      attachments.map((attachment) => sql`${attachment.id}::uuid`),
      sql`, `,
    )})`);
}
