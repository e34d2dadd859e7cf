import { z } from 'zod';

/**
 * Shapes of the API's /auth answers as agreed with the API slice (issue 2). Kept beside the
 * auth store because only it talks to these endpoints.
 */
export const sessionGrantSchema = z.object({
  accessToken: z.string().min(1),
  accessTokenExpiresIn: z.number(),
  trackingId: z.string(),
  sessionDurationMinutes: z.number(),
});
export type SessionGrant = z.infer<typeof sessionGrantSchema>;

export const SIGN_IN_STEPS = [
  'CONFIRM_SIGN_UP',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

export const signInNextStepSchema = z.object({
  status: z.literal('NEXT_STEP'),
  signInStep: z.enum(SIGN_IN_STEPS),
  session: z.string(),
  codeDeliveryDetails: z.object({ destination: z.string() }).optional(),
});
export type SignInNextStep = z.infer<typeof signInNextStepSchema>;

export const signInResponseSchema = z.discriminatedUnion('status', [
  sessionGrantSchema.extend({ status: z.literal('SIGNED_IN') }),
  signInNextStepSchema,
]);

/** The CSRF guard the API checks on cookie-authenticated auth calls. */
export const CSRF_HEADERS = { 'X-Requested-With': 'casting-web' } as const;
