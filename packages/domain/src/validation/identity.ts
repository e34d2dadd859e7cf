import { z } from 'zod';
import { SIGN_UP_ROLE_TYPE } from '../constants';
import { MESSAGES } from '../messages';
import { confirmationCodeSchema, emailSchema, requiredText } from './fields';
import { passwordSchema } from './password';

export const signUpSchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  email: emailSchema,
  password: passwordSchema,
  company: z.string().trim().optional(),
  roleType: z.literal(SIGN_UP_ROLE_TYPE).default(SIGN_UP_ROLE_TYPE),
  /**
   * The token of an office invitation sent to this address: the new account joins the inviting office with the
   * invited role instead of getting an office of its own.
   */
  invitationToken: z.string().min(20).max(200).optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.infer<typeof signUpSchema>;

/** Sign-in checks presence only: the server judges the password, which may predate the current rules. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
  /** The secret of a mailed unlock link, when sign-in to the account is locked by attempts from many places. */
  unlock: z.string().max(200).optional(),
});
export type SignIn = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

/** Resending a confirmation or reset code needs only the address. */
export const resendCodeSchema = forgotPasswordSchema;

export const resetPasswordSchema = z.object({
  email: emailSchema,
  code: confirmationCodeSchema,
  newPassword: passwordSchema,
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const confirmUserSchema = z.object({ email: emailSchema, code: confirmationCodeSchema });
export type ConfirmUser = z.infer<typeof confirmUserSchema>;

/** The code typed into the 'Set Up Two-Factor Authentication' dialog. */
export const twoFactorSetupCodeSchema = requiredText(MESSAGES.invalidVerificationCodeSetup);

/** The code typed into the sign-in code dialog (text message or authenticator). */
export const signInCodeSchema = requiredText(MESSAGES.codeRequired);

/** The server's wording for a wrong sign-in code, which the screen replaces with a friendlier text. */
export function signInCodeErrorMessage(serverMessage: string | null | undefined): string {
  if (serverMessage === MESSAGES.invalidCodeOrAuthState) return MESSAGES.invalidVerificationCode;
  return serverMessage || MESSAGES.invalidVerificationCode;
}
