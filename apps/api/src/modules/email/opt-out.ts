import { eq } from 'drizzle-orm';
import { EMAIL_MESSAGES } from '@casting/domain';
import { tokenDigest } from '../../platform/crypto/link-tokens';
import type { Db } from '../../platform/db/client';
import { emailOptOuts, emailRecipients, projects } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

/**
 * The unsubscribe link of a message: its secret (144 bits, sent only in that message) names the recipient row, whose
 * address then gets no more bulk mail from that project. Using the link twice is fine.
 */
export async function optOut(db: Db, token: string) {
  const [row] = await db
    .select({
      projectId: emailRecipients.projectId,
      email: emailRecipients.email,
      projectName: projects.name,
    })
    .from(emailRecipients)
    .innerJoin(projects, eq(projects.id, emailRecipients.projectId))
    .where(eq(emailRecipients.optOutDigest, tokenDigest(token)));
  if (!row?.email) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.optOutInvalid);
  await db.insert(emailOptOuts).values({ projectId: row.projectId, email: row.email }).onConflictDoNothing();
  return { projectName: row.projectName, message: EMAIL_MESSAGES.optOutDone };
}
