import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuditionRecipients } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { agents, applicantRepresentatives, applicants } from '../../platform/db/schema';

export interface CandidateContacts {
  applicantId: string;
  personId: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  agents: { name: string; email: string }[];
}

/** The candidates' own addresses and every agent of their representation (a denied claim is no representation). */
export async function contactsOf(
  db: Queryable,
  projectId: string,
  applicantIds: readonly string[],
): Promise<Map<string, CandidateContacts>> {
  const answer = new Map<string, CandidateContacts>();
  if (applicantIds.length === 0) return answer;
  const people = await db
    .select({
      id: applicants.id,
      personId: applicants.personId,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      email: applicants.email,
      phone: applicants.phone,
    })
    .from(applicants)
    .where(and(eq(applicants.projectId, projectId), inArray(applicants.id, [...applicantIds])));
  for (const row of people) {
    answer.set(row.id, {
      applicantId: row.id,
      personId: row.personId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      phone: row.phone,
      agents: [],
    });
  }
  const represented = await db
    .select({
      applicantId: applicantRepresentatives.applicantId,
      name: sql<string>`trim(${agents.firstName} || ' ' || ${agents.lastName})`,
      email: agents.email,
    })
    .from(applicantRepresentatives)
    .innerJoin(agents, eq(agents.id, applicantRepresentatives.agentId))
    .where(
      and(
        eq(applicantRepresentatives.projectId, projectId),
        inArray(applicantRepresentatives.applicantId, [...answer.keys()]),
        ne(applicantRepresentatives.status, 'DENIED'),
      ),
    );
  for (const row of represented)
    answer.get(row.applicantId)?.agents.push({ name: row.name, email: row.email });
  return answer;
}

/**
 * Who an invitation goes to: a represented candidate's to every agent of the representation, and to the talent too
 * when the office chose BOTH or TALENT; an unrepresented candidate's always to the talent.
 */
export function addressesFor(contacts: CandidateContacts, recipients: AuditionRecipients) {
  const list: { to: string; forAgent: boolean }[] = [];
  const represented = contacts.agents.length > 0;
  if (represented && recipients !== 'TALENT') {
    for (const agent of contacts.agents) list.push({ to: agent.email, forAgent: true });
  }
  if ((!represented || recipients !== 'AGENTS') && contacts.email)
    list.push({ to: contacts.email, forAgent: false });
  return [...new Map(list.map((item) => [item.to.toLowerCase(), item])).values()];
}
