import { forEachOffice } from '../../platform/db/office-of';
import { sql } from 'drizzle-orm';
import { EMAIL_MESSAGES, type BounceReport } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { emailBounces, emailRecipients } from '../../platform/db/schema';

/**
 * Delivery failures the mail provider reports after a message left (decision 0058). Each permanent bounce records
 * the address in `email_bounces` (so later sends skip it, decision 0375) and fails the last message that left for
 * that address, if it still shows SENT, with the provider's reason, so the team sees it in that send's per-recipient
 * status. Only the last message: an older one may well have arrived before the mailbox went away. Temporary
 * failures are ignored; the provider retries those itself.
 * Reporting the same bounce again changes nothing (the address is recorded once; the last message already failed).
 */
export async function recordBounces(db: Db, events: BounceReport) {
  const byAddress = new Map<string, string>();
  for (const event of events) {
    if (event.permanent && !byAddress.has(event.email)) {
      byAddress.set(event.email, EMAIL_MESSAGES.lateBounce(event.reason));
    }
  }
  if (byAddress.size === 0) return { recorded: 0, marked: 0 };
  const rows = [...byAddress].map(([email, reason]) => ({ email, reason }));
  const recorded = await db
    .insert(emailBounces)
    .values(rows)
    .onConflictDoNothing()
    .returning({ email: emailBounces.email });
  // The provider speaks for the installation; each office's own last message to the address is failed, in turn.
  const marked = await forEachOffice(db, () => failLastMessages(db, rows));
  return { recorded: recorded.length, marked };
}

/** The last message that left per address (sent_at is set only when a message left), failed if still SENT. */
async function failLastMessages(db: Db, rows: { email: string; reason: string }[]): Promise<number> {
  const marked = (await db.execute(sql`
    update ${emailRecipients} r
    set status = 'FAILED', reason = last.reason, updated_at = now()
    from (
      select distinct on (e.email) sent.id, e.reason
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(email text, reason text)
      join ${emailRecipients} sent on sent.email = e.email and sent.sent_at is not null
      order by e.email, sent.sent_at desc, sent.id desc
    ) last
    where r.id = last.id and r.status = 'SENT'
    returning r.id`)) as { rows: { id: string }[] };
  return marked.rows.length;
}
