import type { MailMessage } from '../../platform/mail/ports';

/** Names go into a header line, so any line break a name carries is flattened. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The request sent to the talent: what a selfie is and the private link that opens their page at its selfie section.
 * The link carries a new private-link secret, so it works like the one of their confirmation e-mail.
 */
export function selfieRequestMail(to: string, projectName: string, privateLink: string): MailMessage {
  const project = oneLine(projectName);
  return {
    to,
    subject: `A selfie for ${project}`,
    text:
      `The casting team of "${project}" asks you for a selfie: a photo of you taken now with your phone, ` +
      `without filters or retouching. They see it beside your headshot.\n\n` +
      `Take it or upload it on your private page (keep the link to yourself): ${privateLink}#selfie\n`,
  };
}
