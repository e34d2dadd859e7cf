import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { auditionInvitations, auditionSlots, type auditionSessions } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/queue';
import { allowanceLimits, spendAllowance } from '../email';
import { calendarAttachment } from './calendar';
import { mailFacts, noticeMail } from './mail';
import { addressesFor, contactsOf } from './recipients';
import { HOLDING_STATUSES } from './statuses';

/**
 * After an edit of what the calendar files say (kind, name, place, video link, notes), mails the recipients of every
 * invitation holding a slot the new details with the event's new file (same UID, the SEQUENCE the edit raised),
 * counted in the candidate-mail allowance like a move. Invitations without a slot have no event in a calendar yet;
 * their page shows the new details.
 */
export async function tellSessionEdited(
  context: AppContext,
  tx: Db,
  userId: string,
  session: typeof auditionSessions.$inferSelect,
  projectName: string,
) {
  const placed = await tx
    .select({ invitation: auditionInvitations, slot: auditionSlots })
    .from(auditionInvitations)
    .innerJoin(auditionSlots, eq(auditionSlots.id, auditionInvitations.slotId))
    .where(
      and(
        eq(auditionInvitations.sessionId, session.id),
        inArray(auditionInvitations.status, [...HOLDING_STATUSES]),
      ),
    );
  if (placed.length === 0) return;
  const contacts = await contactsOf(
    tx,
    session.projectId,
    placed.map(({ invitation }) => invitation.applicantId),
  );
  const mails = placed.flatMap(({ invitation, slot }) => {
    const person = contacts.get(invitation.applicantId);
    if (!person) return [];
    const calendar = calendarAttachment({
      invitation,
      session,
      slot,
      projectName,
      cancelled: false,
      pageUrl: null,
      publicUrl: context.config.publicUrl,
    });
    return addressesFor(person, invitation.recipients as never).map((address) =>
      noticeMail(
        address.to,
        mailFacts(session, projectName, person.name, slot.startsAt, address.forAgent),
        'CHANGED',
        calendar,
      ),
    );
  });
  if (mails.length === 0) return;
  await spendAllowance(tx, allowanceLimits(context.config), userId, session.projectId, mails.length);
  for (const message of mails) await enqueueMail(context.jobs, { kind: 'notice', message }, tx);
}
