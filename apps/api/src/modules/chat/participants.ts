import { sql } from 'drizzle-orm';
import type { ChatParticipant } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';

export interface Recipient {
  kind: 'CANDIDATE' | 'AGENT';
  name: string;
  email: string | null;
  agentId: string | null;
  /** Whether the team's messages are e-mailed to this participant. */
  emailed: boolean;
}

/**
 * The outside participants of an applicant's thread and whether each is e-mailed, from the communication settings
 * of the submission link the applicant came through:
 * - the candidate, unless the link left the talent out ("Include Talent" off), and only with an e-mail address;
 * - each agent who claims to represent them (a claim not declined), unless that representation's link says "Exclude
 *   Agent"; e-mailed only once the agent has confirmed the representation, so a mistyped or unanswered claim never
 *   carries the team's messages to an agency that does not represent the candidate.
 * An applicant added by hand has no link: the candidate and every representative are in.
 */
export async function threadRecipients(db: Queryable, applicantId: string): Promise<Recipient[]> {
  const candidate = (await db.execute(sql`
    select a.first_name, a.last_name, a.email,
      coalesce((
        select (g.settings ->> 'includeTalent')::boolean from submissions s
          join share_links l on l.id = s.share_link_id
          join share_link_groups g on g.id = l.group_id
        where s.applicant_id = a.id order by s.created_at desc limit 1), true) as include_talent
    from applicants a where a.id = ${applicantId}::uuid`)) as {
    rows: { first_name: string; last_name: string; email: string | null; include_talent: boolean }[];
  };
  const agentRows = (await db.execute(sql`
    select ag.id, ag.first_name, ag.last_name, ag.email, r.status
    from applicant_representatives r
      join agents ag on ag.id = r.agent_id
      left join share_links l on l.id = r.share_link_id
      left join share_link_groups g on g.id = l.group_id
    where r.applicant_id = ${applicantId}::uuid and r.status <> 'DENIED'
      and coalesce((g.settings ->> 'excludeAgent')::boolean, false) = false
    order by r.created_at`)) as {
    rows: { id: string; first_name: string; last_name: string; email: string; status: string }[];
  };
  const recipients: Recipient[] = [];
  const person = candidate.rows[0];
  if (person) {
    recipients.push({
      kind: 'CANDIDATE',
      name: `${person.first_name} ${person.last_name}`,
      email: person.email,
      agentId: null,
      emailed: Boolean(person.email) && person.include_talent,
    });
  }
  for (const agent of agentRows.rows) {
    recipients.push({
      kind: 'AGENT',
      name: `${agent.first_name} ${agent.last_name}`,
      email: agent.email,
      agentId: agent.id,
      emailed: agent.status === 'CONFIRMED',
    });
  }
  return recipients;
}

export function participantViews(recipients: readonly Recipient[]): ChatParticipant[] {
  return recipients.map((recipient) => ({
    kind: recipient.kind,
    name: recipient.name,
    emailed: recipient.emailed,
  }));
}
