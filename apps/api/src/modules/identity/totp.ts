import { Secret, TOTP } from 'otpauth';
import { open, seal } from '../../platform/crypto/secret-box';

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Casting';
const PERIOD_SECONDS = 30;

function totpFor(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export interface NewAuthenticator {
  sealedSecret: string;
  otpUrl: string;
}

/** A fresh 160-bit secret, sealed for storage, with the otpauth URL the QR code carries. */
export function newAuthenticator(email: string, key: Buffer): NewAuthenticator {
  const secret = new Secret({ size: 20 }).base32;
  return { sealedSecret: seal(secret, key), otpUrl: totpFor(secret, email).toString() };
}

/**
 * The time step a code belongs to when it is valid within one step either side of now, else null.
 * Callers refuse a step at or before the last one accepted, so a code cannot be replayed.
 */
export function acceptedTotpStep(
  code: string,
  sealedSecret: string,
  email: string,
  key: Buffer,
  now = Date.now(),
): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpFor(open(sealedSecret, key), email);
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}
