import { ACCESS_SCOPE_NAMES, type ProjectScope } from '@casting/domain';
import type { MailMessage } from '../../platform/mail/ports';

export interface InvitationMail {
  to: string;
  scope: ProjectScope;
  hasAccount: boolean;
}

export interface InvitationContext {
  projectId: string;
  projectName: string;
  inviterName: string;
  publicUrl: string;
}

/** Names go into a header line, so any line break a name carries is flattened. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * A person with an account is told the project is waiting for them; anyone else is invited to sign up with this
 * address, after which the project appears in their list (their confirmed address matches the invitation).
 */
export function invitationMessage(mail: InvitationMail, context: InvitationContext): MailMessage {
  const project = oneLine(context.projectName);
  const inviter = oneLine(context.inviterName);
  const role = ACCESS_SCOPE_NAMES[mail.scope];
  const base = context.publicUrl.replace(/\/$/, '');
  if (mail.hasAccount) {
    const link = `${base}/projects/overview/${context.projectId}`;
    return {
      to: mail.to,
      subject: `You have been added to ${project}`,
      text: `${inviter} added you to the casting project "${project}" as ${role}.\n\nOpen the project: ${link}\n`,
    };
  }
  const link = `${base}/auth/sign-up?email=${encodeURIComponent(mail.to)}`;
  return {
    to: mail.to,
    subject: `You are invited to join ${project}`,
    text:
      `${inviter} invited you to join the casting project "${project}" as ${role}.\n\n` +
      `Create your account with this e-mail address (${mail.to}) to open it: ${link}\n`,
  };
}
