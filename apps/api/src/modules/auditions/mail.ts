import { AUDITION_KIND_LABELS, formatZonedMoment, type AuditionKind } from '@casting/domain';
import type { MailAttachment, MailMessage } from '../../platform/mail/ports';

/** Names go into a header line, so any line break a name carries is flattened. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export interface InvitationMailFacts {
  kind: AuditionKind;
  projectName: string;
  candidateName: string;
  timeZone: string;
  startsAt: Date | null;
  place: string | null;
  videoLink: string | null;
  /** For an agent: the invitation is for their client. */
  forAgent: boolean;
}

/** The facts of a mail about one invitation, as one of its recipients (the talent, or an agent for them) reads them. */
export function mailFacts(
  session: { kind: string; timeZone: string; place: string | null; videoLink: string | null },
  projectName: string,
  candidateName: string,
  startsAt: Date | null,
  forAgent: boolean,
): InvitationMailFacts {
  const { timeZone, place, videoLink } = session;
  return {
    kind: session.kind as AuditionKind,
    projectName,
    candidateName,
    timeZone,
    startsAt,
    place,
    videoLink,
    forAgent,
  };
}

function when(facts: InvitationMailFacts) {
  return facts.startsAt
    ? `When: ${formatZonedMoment(facts.startsAt, facts.timeZone)}\n`
    : 'When: pick a time on the page below.\n';
}

function where(facts: InvitationMailFacts) {
  if (facts.place) return `Where: ${facts.place}\n`;
  if (facts.videoLink) return `Where: on a video call (the link is on the page)\n`;
  return '';
}

/** The invitation: what, when, where, and the private page that answers it and offers the calendar file. */
export function invitationMail(
  to: string,
  facts: InvitationMailFacts,
  pageUrl: string,
  calendar: MailAttachment | null,
): MailMessage {
  const kind = AUDITION_KIND_LABELS[facts.kind].toLowerCase();
  const project = oneLine(facts.projectName);
  const who = facts.forAgent ? `your client ${oneLine(facts.candidateName)}` : 'you';
  return {
    to,
    subject: `${AUDITION_KIND_LABELS[facts.kind]} for ${project}`,
    text:
      `The casting team of "${project}" invites ${who} to an ${kind}.\n\n` +
      when(facts) +
      where(facts) +
      `\nConfirm, decline, pick or ask for another time, and add it to a calendar, on this private page (keep the ` +
      `link to yourself): ${pageUrl}\n`,
    ...(calendar ? { attachments: [calendar] } : {}),
  };
}

/**
 * A notice about an invitation already sent: a reminder before the slot, a moved slot, a cancellation. It carries no
 * link (the secret is stored only as a digest); a change carries the event's new calendar file (the same event,
 * updated or cancelled), and the invitation's page, from the first e-mail, has it too.
 */
export function noticeMail(
  to: string,
  facts: InvitationMailFacts,
  notice: 'REMINDER' | 'MOVED' | 'CHANGED' | 'CANCELLED',
  calendar: MailAttachment | null = null,
): MailMessage {
  const project = oneLine(facts.projectName);
  const who = facts.forAgent ? ` for ${oneLine(facts.candidateName)}` : '';
  const kind = AUDITION_KIND_LABELS[facts.kind].toLowerCase();
  const heading = { REMINDER: 'Reminder', MOVED: 'New time', CHANGED: 'Changed', CANCELLED: 'Cancelled' }[
    notice
  ];
  const lead = {
    REMINDER: `A reminder of the ${kind} for "${project}"${who}.`,
    MOVED: `The casting team of "${project}" moved the ${kind}${who}.`,
    CHANGED: `The casting team of "${project}" changed the details of the ${kind}${who}; these are the new ones.`,
    CANCELLED: `The ${kind} for "${project}"${who} is cancelled; remove it from your calendar.`,
  }[notice];
  return {
    to,
    subject: `${heading}: ${kind} for ${project}${who}`,
    text:
      `${lead}\n\n` +
      when(facts) +
      where(facts) +
      `\nThe invitation's page (the link in the invitation e-mail) has the details and the calendar file.\n`,
    ...(calendar ? { attachments: [calendar] } : {}),
  };
}
