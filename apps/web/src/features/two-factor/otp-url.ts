/** What a person needs to add the account to an authenticator app by hand. */
export interface ManualEntry {
  /** The base32 secret, in groups of four for reading and typing. */
  secret: string;
  issuer: string | null;
  account: string | null;
}

/** Reads the secret, issuer and account out of an otpauth://totp/Issuer:account?secret=... URL. */
export function manualEntryOf(otpUrl: string): ManualEntry | null {
  let url: URL;
  try {
    url = new URL(otpUrl);
  } catch {
    return null;
  }
  const secret = url.searchParams.get('secret');
  if (url.protocol !== 'otpauth:' || !secret) return null;
  const label = decodeURIComponent(url.pathname.replace(/^\/*totp\//i, '').replace(/^\/+/, ''));
  const separator = label.indexOf(':');
  return {
    secret: secret.replace(/(.{4})(?=.)/g, '$1 '),
    issuer: url.searchParams.get('issuer') ?? (separator > 0 ? label.slice(0, separator) : null),
    account: separator >= 0 ? label.slice(separator + 1) : label || null,
  };
}
