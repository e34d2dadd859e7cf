import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { forEachOffice } from '../../platform/db/office-of';
import { chatAttachments } from '../../platform/db/schema';

/** An attachment uploaded but never sent with a message this long ago is a leftover (the page was left). */
export const UNSENT_ATTACHMENT_HOURS = 24;

/**
 * Hourly, in every office: attachments uploaded and never sent lose their row, then their stored file, a few hundred
 * at a time. The row goes first and only while it is still unsent, so a message sent at that moment keeps its file.
 */
export async function purgeUnsentAttachments(context: AppContext, batch = 200): Promise<number> {
  const { db } = context.database;
  return forEachOffice(db, async () => {
    const due = await db
      .select({ id: chatAttachments.id })
      .from(chatAttachments)
      .where(
        and(
          isNull(chatAttachments.messageId),
          sql`${chatAttachments.createdAt} < now() - make_interval(hours => ${UNSENT_ATTACHMENT_HOURS})`,
        ),
      )
      .limit(batch);
    if (due.length === 0) return 0;
    const deleted = await db
      .delete(chatAttachments)
      .where(
        and(
          isNull(chatAttachments.messageId),
          inArray(
            chatAttachments.id,
            due.map((row) => row.id),
          ),
        ),
      )
      .returning({ objectKey: chatAttachments.objectKey });
    for (const { objectKey } of deleted) {
      await context.storage.delete(objectKey).catch((error: unknown) => {
        context.log.warn({ err: error, key: objectKey }, 'unsent chat attachment file not deleted');
      });
    }
    return deleted.length;
  });
}
