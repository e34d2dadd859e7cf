import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { MESSAGES } from '../messages';
import { ALWAYS_CHECK } from './fields';

/** The special characters the form's hint lists; any character that is not a letter or digit counts. */
export const PASSWORD_SPECIAL_HINT = '@ # $ % &';

const hasCapital = (pw: string) => /[A-Z]/.test(pw);
const hasLowercase = (pw: string) => /[a-z]/.test(pw);
const hasDigit = (pw: string) => /\d/.test(pw);
const hasSpecial = (pw: string) => /[^A-Za-z0-9]/.test(pw);

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  // An empty password reports only 'Password is required'; see the note in fields.ts about abort.
  .refine((pw) => pw === '' || pw.length >= PASSWORD_MIN, MESSAGES.passwordMin)
  .max(PASSWORD_MAX, MESSAGES.passwordMax)
  .refine(
    (pw) => pw === '' || (hasCapital(pw) && hasDigit(pw) && hasSpecial(pw)),
    MESSAGES.passwordComplexity,
  )
  .refine((pw) => pw === '' || hasLowercase(pw), MESSAGES.passwordLowercase);

export type PasswordRuleKey = 'length' | 'capital' | 'lowercase' | 'number' | 'special';

export interface PasswordChecklistItem {
  key: PasswordRuleKey;
  label: string;
  met: boolean;
}

/** The live checklist shown under the new-password field on the reset page. */
export function passwordChecklist(password: string): PasswordChecklistItem[] {
  return [
    {
      key: 'length',
      label: `At least ${PASSWORD_MIN} characters`,
      met: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    },
    { key: 'capital', label: 'One capital letter', met: hasCapital(password) },
    { key: 'lowercase', label: 'One lowercase letter', met: hasLowercase(password) },
    { key: 'number', label: 'One number', met: hasDigit(password) },
    { key: 'special', label: `One special character (${PASSWORD_SPECIAL_HINT})`, met: hasSpecial(password) },
  ];
}

export const confirmPasswordSchema = z
  .string({ error: MESSAGES.confirmPasswordRequired })
  .min(1, MESSAGES.confirmPasswordRequired);

/** Adds the 'Passwords must match' rule, reported on the confirmPassword field. */
export function withPasswordConfirmation<S extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: S,
): S {
  return schema.refine((value) => !value.confirmPassword || value.password === value.confirmPassword, {
    error: MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
    ...ALWAYS_CHECK,
  });
}
