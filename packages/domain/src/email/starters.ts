import { docFromText, type EmailDoc } from './document';

/**
 * The templates every project starts with, so a team can write to candidates on its first day. Each has a stable key:
 * a project gets each starter once, and one the team deleted does not come back. The four ROSTER_ ones are the
 * notices of the project roster (decision 0052): a roster change the director announces is mailed from the
 * project's template of its kind, so the team words its own notices.
 */
export const STARTER_TEMPLATE_KEYS = [
  'INVITATION',
  'SELF_TAPE',
  'CALLBACK',
  'RELEASE',
  'ROSTER_AVAIL_CHECK',
  'ROSTER_HOLD',
  'ROSTER_BOOKING',
  'ROSTER_RELEASE',
] as const;
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
  {
    key: 'ROSTER_AVAIL_CHECK',
    name: 'Roster: availability check',
    subject: 'Availability check: {{projectName}}',
    body: docFromText(
      'Hello {{firstName}},\n\n' +
        'The casting team of {{projectName}} would like to know whether you are available for {{opportunityName}} on {{dates}}. ' +
        'Please reply to let them know.\n\n' +
        '{{rosterNote}}',
    ),
  },
  {
    key: 'ROSTER_HOLD',
    name: 'Roster: hold',
    subject: '{{rosterStatus}}: {{projectName}}',
    body: docFromText(
      'Hello {{firstName}},\n\n' +
        'We have put you on hold for {{opportunityName}} in {{projectName}} on {{dates}} ({{rosterStatus}}). ' +
        'Please keep these dates free; the casting team will confirm or release you.\n\n' +
        '{{rosterNote}}',
    ),
  },
  {
    key: 'ROSTER_BOOKING',
    name: 'Roster: booking',
    subject: 'Booking confirmed: {{projectName}}',
    body: docFromText(
      'Hello {{firstName}},\n\n' +
        'You are booked as {{bookedAs}} in {{projectName}} on {{dates}}. Rate: {{rate}}.\n\n' +
        '{{rosterNote}}',
    ),
  },
  {
    key: 'ROSTER_RELEASE',
    name: 'Roster: release',
    subject: 'Released: {{projectName}}',
    body: docFromText(
      'Hello {{firstName}},\n\n' +
        'The casting team of {{projectName}} has released you from {{opportunityName}} ({{dates}}). ' +
        'Thank you for your time.\n\n' +
        '{{rosterNote}}',
    ),
  },
];

/** A starter by key (the built-in text a roster notice falls back to when the project deleted its template). */
export function starterTemplate(key: StarterTemplateKey): StarterTemplate {
  return STARTER_TEMPLATES.find((starter) => starter.key === key)!;
}
