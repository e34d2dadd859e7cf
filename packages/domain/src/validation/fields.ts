import { z } from 'zod';
import { CODE_LENGTH, PHONE_MAX, PHONE_MIN } from '../constants';
import { MESSAGES } from '../messages';

/*
 * Field rules avoid `abort` and `pipe`: either one stops zod from running the object-level rules,
 * and a form should show every problem at once. Follow-up checks skip the empty value instead.
 */

/** A trimmed text that must not be empty; a missing value gets the same message. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

/** Addresses are compared and stored lower-cased, so both sides normalise them the same way. */
function emailField(invalidMessage: string) {
  return requiredText(MESSAGES.emailRequired)
    .toLowerCase()
    .refine((value) => value === '' || z.regexes.email.test(value), invalidMessage);
}

export const emailSchema = emailField(MESSAGES.invalidEmailAddress);

/** The invite dialog words its invalid-address error differently. */
export const inviteEmailSchema = emailField(MESSAGES.inviteInvalidEmail);

/** '+' then digits, 11 to 16 characters counting the plus. */
const PHONE_PATTERN = new RegExp(`^\\+\\d{${PHONE_MIN - 1},${PHONE_MAX - 1}}$`);

export const phoneSchema = z
  .string({ error: MESSAGES.invalidPhoneNumber })
  .trim()
  .regex(PHONE_PATTERN, MESSAGES.invalidPhoneNumber);

export const confirmationCodeSchema = z
  .string({ error: MESSAGES.confirmationCodeLength })
  .trim()
  .length(CODE_LENGTH, MESSAGES.confirmationCodeLength);

export const folderNameSchema = requiredText(MESSAGES.folderNameRequired);

export const nameSchema = requiredText(MESSAGES.nameRequired);

/**
 * Options for an object-level rule that should report alongside field errors instead of waiting
 * for them to be fixed. The rule then sees a possibly malformed value and must guard its reads.
 */
export const ALWAYS_CHECK = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};
