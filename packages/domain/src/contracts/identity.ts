import { z } from 'zod';
import { PASSWORD_MAX } from '../constants';
import { MESSAGES } from '../messages';
import { USER_ROLE_CODES } from '../roles';
import { confirmationCodeSchema, requiredText } from '../validation/fields';
import { twoFactorSetupCodeSchema } from '../validation/identity';
import { passwordSchema } from '../validation/password';
import { userSchema } from './users';

/** Request and response shapes of the identity calls, shared by the API and the web app. */

/** What a completed sign-in or a refresh hands the client; the refresh token itself travels in a cookie. */
export const sessionGrantSchema = z.object({
  accessToken: z.string().min(1),
  /** Seconds until the access token expires. */
  accessTokenExpiresIn: z.number().int().positive(),
  trackingId: z.string(),
  sessionDurationMinutes: z.number().int().positive(),
});
export type SessionGrant = z.infer<typeof sessionGrantSchema>;

export const SIGN_IN_STEPS = [
  'CONFIRM_SIGN_UP',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

export const codeDeliveryDetailsSchema = z.object({ destination: z.string() });

export const signInNextStepSchema = z.object({
  status: z.literal('NEXT_STEP'),
  signInStep: z.enum(SIGN_IN_STEPS),
  /** Opaque handle of the pending second-factor challenge; empty for CONFIRM_SIGN_UP. */
  session: z.string(),
  codeDeliveryDetails: codeDeliveryDetailsSchema.optional(),
});
export type SignInNextStep = z.infer<typeof signInNextStepSchema>;

export const signedInSchema = sessionGrantSchema.extend({ status: z.literal('SIGNED_IN') });

export const signInResponseSchema = z.discriminatedUnion('status', [signedInSchema, signInNextStepSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

const challengeSessionSchema = z.string().trim().min(1).max(200);

export const confirmSignInSchema = z.object({
  challengeResponse: requiredText(MESSAGES.codeRequired).max(16),
  session: challengeSessionSchema,
});
export type ConfirmSignIn = z.infer<typeof confirmSignInSchema>;

export const resendSignInCodeSchema = z.object({ session: challengeSessionSchema });

export const codeDeliveryResponseSchema = z.object({ codeDeliveryDetails: codeDeliveryDetailsSchema });
export type CodeDeliveryResponse = z.infer<typeof codeDeliveryResponseSchema>;

export const registerResponseSchema = z.object({
  userId: z.string(),
  nextStep: z.literal('CONFIRM_SIGN_UP'),
  codeDeliveryDetails: codeDeliveryDetailsSchema,
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const confirmUserResponseSchema = z.object({ confirmed: z.literal(true) });

/** Forgot-password and resend-confirm answer the same whether or not the address has an account. */
export const codeRequestedResponseSchema = z.object({ message: z.string() });

export const passwordResetResponseSchema = z.object({ passwordReset: z.literal(true) });

export const authenticatorSetupResponseSchema = z.object({ otpUrl: z.string() });
export type AuthenticatorSetupResponse = z.infer<typeof authenticatorSetupResponseSchema>;

export const enableAuthenticatorSchema = z.object({ code: twoFactorSetupCodeSchema });

/** The body is optional: the web app's cookie (or bearer token) names the session instead. */
export const sessionTrackingBodySchema = z.object({ refreshToken: z.string().max(200).optional() }).nullish();

export const sessionTrackingResponseSchema = z.object({
  data: z.object({ duration: z.number().int().positive() }),
});
export type SessionTrackingResponse = z.infer<typeof sessionTrackingResponseSchema>;

const HTTPS_URL = /^https:\/\//i;

export const updateProfileSchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired).max(100).optional(),
  lastName: requiredText(MESSAGES.lastNameRequired).max(100).optional(),
  imageUrl: z
    .url({ error: MESSAGES.invalidUrl })
    .max(2048)
    .refine((value) => HTTPS_URL.test(value), MESSAGES.invalidUrl)
    .nullable()
    .optional(),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/** The phone number is judged by phoneSchema in the API, so its message comes with INVALID_PHONE_NUMBER. */
export const updatePhoneSchema = z.object({ phoneNumber: z.string().max(64).default('') });

export const verifyPhoneSchema = z.object({ code: confirmationCodeSchema });

export const phoneFactorSchema = z.object({ phoneNumber: z.string(), smsMfaEnabled: z.boolean() });

/**
 * Turning a second factor off asks for the current password again, so a session left open on someone else's
 * screen cannot weaken the account. Presence only, as at sign-in: the server judges the password.
 */
export const reauthenticateSchema = z.object({
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, MESSAGES.passwordMax),
});
export type Reauthenticate = z.infer<typeof reauthenticateSchema>;

/**
 * Changing the password while signed in: the current one first (a session left open must not be enough), then a new
 * one under the same rules as at sign-up, which must differ from the current one.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: reauthenticateSchema.shape.password,
    newPassword: passwordSchema,
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: MESSAGES.newPasswordSameAsCurrent,
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const passwordChangedResponseSchema = z.object({ passwordChanged: z.literal(true) });

/** A row of the super admin's user administration. */
export const adminUserSchema = userSchema.extend({
  confirmed: z.boolean(),
  deactivated: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Search terms shorter than this are ignored: a trigram index cannot use them. */
export const USER_SEARCH_MIN_CHARS = 3;

export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserListSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserUpdateSchema = z
  .object({
    roleCode: z.enum(USER_ROLE_CODES).optional(),
    otpRequired: z.boolean().optional(),
    deactivated: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'Change at least one of roleCode, otpRequired or deactivated.',
  });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

// Account controls: recovery codes and the sessions list.

/** Enabling the authenticator answers the user and, this once, the recovery codes in clear. */
export const enableAuthenticatorResponseSchema = userSchema.extend({
  recoveryCodes: z.array(z.string()),
});
export type EnableAuthenticatorResponse = z.infer<typeof enableAuthenticatorResponseSchema>;

export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** One signed-in session of the caller, as the sessions list shows it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastActivityAt: z.iso.datetime({ offset: true }),
  /** "Firefox on Windows": a summary of the browser's user agent, or "an unknown device". */
  device: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The session making this call. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });

export const sessionsRevokedResponseSchema = z.object({ revoked: z.number().int().min(0) });
