import { OFFICE_LIMITS, OFFICE_ROLE_NAMES, type OfficeRole } from '@casting/domain';
import type { MailMessage } from '../../platform/mail/ports';

/** Names go into a header line, so any line break a name carries is flattened. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/** The invitation's link carries its token: whoever holds the mail may join, so the link is sent to that address only. */
export function officeInvitationMessage(input: {
  to: string;
  token: string;
  role: OfficeRole;
  officeName: string;
  inviterName: string;
  publicUrl: string;
}): MailMessage {
  const office = oneLine(input.officeName);
  const inviter = oneLine(input.inviterName);
  const link = `${base(input.publicUrl)}/invitations/office/${input.token}`;
  return {
    to: input.to,
    subject: `You are invited to join ${office}`,
    text:
      `${inviter} invited you to join the casting office "${office}" as ${OFFICE_ROLE_NAMES[input.role]}.\n\n` +
      `Accept the invitation: ${link}\n\n` +
      `Sign in or create your account with this e-mail address (${input.to}). ` +
      `The link works for ${OFFICE_LIMITS.invitationDays} days.\n`,
  };
}

/** Told to each owner once the operator approves the office they signed up with. */
export function officeApprovedMessage(input: {
  to: string;
  officeName: string;
  publicUrl: string;
}): MailMessage {
  const office = oneLine(input.officeName);
  return {
    to: input.to,
    subject: `${office} is ready`,
    text: `Your casting office "${office}" has been approved. Sign in to start working: ${base(input.publicUrl)}/auth/sign-in\n`,
  };
}
