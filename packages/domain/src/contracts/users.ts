import { z } from 'zod';
import { USER_ROLE_CODES } from '../roles';

export const agentSummarySchema = z.object({
  id: z.string(),
  agencyId: z.string(),
  isVerified: z.boolean(),
  userId: z.string(),
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;

/** The signed-in user as GET /users/me returns it. */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  roleId: z.number().int(),
  role: z.object({ id: z.number().int(), code: z.enum(USER_ROLE_CODES) }),
  agent: agentSummarySchema.nullable(),
  otpRequired: z.boolean(),
  otpEnabled: z.boolean(),
  /** The verified number for text-message sign-in codes, masked like the sign-in destination ('+*******1234'). */
  phoneNumber: z.string().nullable(),
  smsMfaEnabled: z.boolean(),
  /** (ours) The password was generated (the first admin's): the person must choose one before anything else. */
  mustChangePassword: z.boolean().optional(),
  /**
   * (ours) Whether this installation sends sign-in codes by text message (the operator's SMS_SIGN_IN). Sent by
   * `GET /users/me`, which the web app reads at sign-in, so the profile offers a phone number only when one can be
   * added (otherwise `PATCH /users/me/phone` answers 409 TEXT_SIGN_IN_OFF).
   */
  textSignIn: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;
