import { z } from 'zod';
import { userSchema } from './users';

/** Account controls (ours): recovery codes, the sessions list. Shared by the API and the web app. */

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
