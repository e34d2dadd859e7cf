import { asc, eq } from 'drizzle-orm';
import { can, formatZonedTime, type AuditionInvitation } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { auditionSlots } from '../../platform/db/schema';
import { requireProjectActor } from '../../platform/http/principal';
import { contactsOf, type CandidateContacts } from './recipients';
import { invitationsOf, sessionOf, type SessionRow } from './sessions';

/**
 * Whether the caller reads candidates' e-mail, phone and agents in a session's exports (the CSV and the printed
 * schedule alike): those who may manage the roster do, its other readers do not (decision 0838).
 */
export const seesContacts = (request: Parameters<typeof requireProjectActor>[0]) =>
  can(requireProjectActor(request), 'MANAGE_PROJECT_ROSTER');

/** One invitation as the exports print it: its slot time by the session's wall clock ('' while not placed). */
export interface RunningOrderRow {
  invitation: AuditionInvitation;
  time: string;
  /** Present only when the caller sees contact details. */
  contacts: CandidateContacts | null;
}

/**
 * The session's invitations in running order (placed first by slot, then waiting, each in invitation order), with
 * contact details only when `contacts`; 404 for a session of another project.
 */
export async function runningOrder(
  db: Queryable,
  projectId: string,
  sessionId: string,
  contacts: boolean,
): Promise<{ session: SessionRow; rows: RunningOrderRow[] }> {
  const session = await sessionOf(db, projectId, sessionId);
  const invitations = await invitationsOf(db, session.id);
  const slots = await db
    .select()
    .from(auditionSlots)
    .where(eq(auditionSlots.sessionId, session.id))
    .orderBy(asc(auditionSlots.position));
  const slotById = new Map(slots.map((slot) => [slot.id, slot]));
  const people = contacts
    ? await contactsOf(
        db,
        projectId,
        invitations.map((item) => item.applicantId),
      )
    : new Map<string, CandidateContacts>();
  const position = (item: AuditionInvitation) =>
    item.slotId ? (slotById.get(item.slotId)?.position ?? 1e9) : 1e9;
  const ordered = [...invitations].sort((a, b) => position(a) - position(b));
  return {
    session,
    rows: ordered.map((invitation) => {
      const slot = invitation.slotId ? slotById.get(invitation.slotId) : undefined;
      return {
        invitation,
        time: slot ? formatZonedTime(slot.startsAt, session.timeZone) : '',
        contacts: contacts ? (people.get(invitation.applicantId) ?? null) : null,
      };
    }),
  };
}
