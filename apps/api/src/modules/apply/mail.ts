import type { MailMessage } from '../../platform/mail/ports';

/** Names go into a header line, so any line break a name carries is flattened. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/** The talent's private link: their submission, to view and update (the token is its only credential). */
export function privateSubmissionLink(publicUrl: string, applicantId: string, accessToken: string): string {
  return `${base(publicUrl)}/submission/${applicantId}?token=${accessToken}`;
}

/** The talent's confirmation: their private link to view and update what they submitted. */
export function submissionConfirmationMail(
  publicUrl: string,
  to: string,
  projectName: string,
  applicantId: string,
  accessToken: string,
): MailMessage {
  const link = privateSubmissionLink(publicUrl, applicantId, accessToken);
  return {
    to,
    subject: `Your submission to ${oneLine(projectName)}`,
    text:
      `Thank you for applying to "${oneLine(projectName)}".\n\n` +
      `View or update your submission with this private link (keep it to yourself): ${link}\n`,
  };
}

/** The named agent's claim: confirm or decline representing the talent. */
export function claimMail(
  publicUrl: string,
  to: string,
  details: { projectId: string; projectName: string; talentName: string; claimId: string; token: string },
): MailMessage {
  const link =
    `${base(publicUrl)}/claim-confirmation/${details.claimId}` +
    `?projectId=${details.projectId}&token=${details.token}`;
  return {
    to,
    subject: `Confirm representation of ${oneLine(details.talentName)}`,
    text:
      `${oneLine(details.talentName)} named you as their representative in a submission to ` +
      `"${oneLine(details.projectName)}".\n\nConfirm or decline: ${link}\n`,
  };
}

/**
 * The address owner's confirmation: someone applied with this address, which already belongs to a person of the
 * office. The private link of that application opens it with its Confirm button; until then it changes nothing.
 */
export function applicationConfirmationMail(
  publicUrl: string,
  to: string,
  projectName: string,
  applicantId: string,
  accessToken: string,
): MailMessage {
  const link = privateSubmissionLink(publicUrl, applicantId, accessToken);
  return {
    to,
    subject: `Confirm your application to ${oneLine(projectName)}`,
    text:
      `Someone applied to "${oneLine(projectName)}" with this e-mail address, which the casting team already ` +
      `knows. If it was you, open this private link and confirm the application: ${link}\n\n` +
      `Until it is confirmed it changes nothing of your details, media or representation. ` +
      `If it was not you, ignore this e-mail.\n`,
  };
}
