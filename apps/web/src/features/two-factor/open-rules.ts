import type { User } from '@casting/domain';

export interface TwoFactorOpenInput {
  user: User | null;
  /** The id of the user a call was last refused for with TOTP_NOT_ENABLED, if any. */
  refusedUserId: string | null;
}

/**
 * When the 'Set Up Two-Factor Authentication' dialog must be open: for a
 * signed-in user whose account requires a second factor that is not enabled yet, or once the API
 * answered TOTP_NOT_ENABLED for them (their account changed since it was loaded). An enabled
 * authenticator always closes it. A generated password that must be changed comes first (the API refuses the
 * set-up until then), so the dialog waits for it.
 */
export function mustSetUpTwoFactor({ user, refusedUserId }: TwoFactorOpenInput): boolean {
  if (!user || user.otpEnabled || user.mustChangePassword) return false;
  return user.otpRequired || refusedUserId === user.id;
}
