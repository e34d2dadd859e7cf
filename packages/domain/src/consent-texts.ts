import { MESSAGES } from './messages';

/**
 * What an application agrees to: the terms and privacy acceptance every talent gives, and a parent's or guardian's
 * consent when the talent is a minor. The apply page's consent section, the API's refusals and the casting team's
 * view of the record share these words. A module apart (decision 0069): only the apply page's consent chunk and the
 * candidate pages load it, so the apply page's first download does not grow.
 */
export const CONSENT_TEXTS = {
  acceptBefore: 'I have read and accept the ',
  acceptBetween: ' and the ',
  acceptAfter: '.',
  termsTitle: MESSAGES.termsTitle,
  privacyTitle: MESSAGES.privacyTitle,
  acceptTermsRequired: `Accept the ${MESSAGES.termsTitle} and the ${MESSAGES.privacyTitle} to apply.`,
  guardianSection: 'Parent or guardian',
  guardianIntro: (ageOfMajority: number) =>
    `You are under ${ageOfMajority}, so a parent or guardian must agree to this submission. The casting team uses their details only to contact them about it.`,
  guardianName: 'Parent or guardian’s full name',
  guardianEmail: 'Parent or guardian’s email',
  guardianConsent: 'I am this applicant’s parent or legal guardian, and I agree to this submission.',
  guardianNameRequired: 'Enter the full name of a parent or guardian.',
  guardianEmailRequired: 'Enter the email of a parent or guardian.',
  guardianConsentRequired: 'A parent or guardian must tick the box to agree to this submission.',
  minor: 'Minor',
  minorHint: 'Under the office’s age of majority: contact details are never shown to clients.',
  unconfirmed: 'Unconfirmed',
  unconfirmedHint:
    'Applied with an e-mail address that belongs to a known person. It stays apart from them until the address’s owner confirms it.',
  agreedSection: 'Agreed when applying',
  termsVersion: (version: number) => `${MESSAGES.termsTitle}, version ${version}`,
  privacyVersion: (version: number) => `${MESSAGES.privacyTitle}, version ${version}`,
  acceptedAt: 'Accepted',
  guardian: 'Parent or guardian',
  guardianConsentAt: 'Guardian consent given',
} as const;
