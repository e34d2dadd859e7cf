import { docFromText, type EmailDoc } from './document';

/**
 * The templates every project starts with, so a team can write to candidates on its first day. Each has a stable key:
 * a project gets each starter once, and one the team deleted does not come back.
 */
export const STARTER_TEMPLATE_KEYS = ['INVITATION', 'SELF_TAPE', 'CALLBACK', 'RELEASE'] as const;
export type StarterTemplateKey = (typeof STARTER_TEMPLATE_KEYS)[number];

export interface StarterTemplate {
  key: StarterTemplateKey;
  name: string;
  subject: string;
  body: EmailDoc;
}

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    key: 'INVITATION',
    name: 'Invitation to apply',
    subject: 'Invitation to apply: {{opportunityName}} ({{projectName}})',
    body: docFromText(
      'Hi {{firstName}},\n\n' +
        'We are casting {{opportunityName}} for {{projectName}} and would love to see you for it.\n\n' +
        'Apply with this link, where you can add your photos and a self-tape: {{submissionLink}}\n\n' +
        'Best wishes,\n{{senderName}}',
    ),
  },
  {
    key: 'SELF_TAPE',
    name: 'Request for a self-tape',
    subject: 'Self-tape request: {{opportunityName}}',
    body: docFromText(
      'Hi {{firstName}},\n\n' +
        'Thank you for your submission to {{projectName}}. We would like to see a self-tape for {{opportunityName}}.\n\n' +
        'Please record it in landscape, in a quiet room with good light, and upload it here: {{submissionLink}}\n\n' +
        'Thank you,\n{{senderName}}',
    ),
  },
  {
    key: 'CALLBACK',
    name: 'Callback',
    subject: 'Callback for {{opportunityName}} ({{projectName}})',
    body: docFromText(
      'Hi {{firstName}},\n\n' +
        'Great news: we would like to invite you to a callback for {{opportunityName}} in {{projectName}}.\n\n' +
        'Reply to this e-mail with the times you are available this week and we will confirm yours.\n\n' +
        'See you soon,\n{{senderName}}',
    ),
  },
  {
    key: 'RELEASE',
    name: 'Release',
    subject: 'Update on {{projectName}}',
    body: docFromText(
      'Hi {{firstName}},\n\n' +
        'Thank you for your time and for the work you put into {{opportunityName}}. ' +
        'We have now cast the role and are releasing you from consideration.\n\n' +
        'We hope to work with you on another project.\n\n' +
        'Kind regards,\n{{senderName}}',
    ),
  },
];
