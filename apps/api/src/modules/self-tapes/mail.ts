import type { MailMessage } from '../../platform/mail/ports';

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The deadline as the recipient reads it: on the request's clock, the zone named. */
export function deadlineText(deadline: Date, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(deadline);
  return `${when} (${timeZone})`;
}

export interface RequestMailInput {
  to: string;
  candidateName: string;
  forAgent: boolean;
  projectName: string;
  roleName: string;
  title: string;
  deadline: Date;
  timeZone: string;
  link: string;
}

/** The request itself: what is asked, by when, and the private page's link (the only key to it). */
export function selfTapeRequestMail(input: RequestMailInput): MailMessage {
  const who = input.forAgent ? `your client ${oneLine(input.candidateName)}` : 'you';
  return {
    to: input.to,
    subject: `Self-tape request: ${oneLine(input.title)} (${oneLine(input.projectName)})`,
    text:
      `The casting team of "${oneLine(input.projectName)}" asks ${who} for a self-tape for the role ` +
      `"${oneLine(input.roleName)}".\n\nDeadline: ${deadlineText(input.deadline, input.timeZone)}\n\n` +
      `Read the instructions, download the sides and upload the takes on this private page (keep the link to ` +
      `yourself): ${input.link}\n`,
  };
}

/** A reminder to someone who has not submitted yet; it carries no secret (the request's mail has the link). */
export function selfTapeReminderMail(input: Omit<RequestMailInput, 'link'> & { hours: number }): MailMessage {
  return {
    to: input.to,
    subject: `Reminder: self-tape due in ${input.hours} hours (${oneLine(input.projectName)})`,
    text:
      `The self-tape "${oneLine(input.title)}" for "${oneLine(input.roleName)}"` +
      `${input.forAgent ? ` (${oneLine(input.candidateName)})` : ''} is due ` +
      `${deadlineText(input.deadline, input.timeZone)}. Use the link of the request e-mail to upload and submit.\n`,
  };
}
