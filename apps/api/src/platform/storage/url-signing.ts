import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The embedded adapter's presigned URLs. Like S3's signature version 4 they sign the method, the key and every
 * other query parameter (expiry, size, content type, upload id, part number, response overrides), so changing any
 * byte of the URL, or adding a parameter, breaks the signature. HMAC-SHA256 with a key derived from AUTH_SECRET.
 */
export const SIGNATURE_PARAM = 'signature';
export const EXPIRES_PARAM = 'expires';

export type SignedMethod = 'GET' | 'PUT';

/** A key of its own for file URLs, so a file signature can never be replayed as an access token or the reverse. */
export function deriveUrlSigningKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'casting', 'file-url-signing', 32));
}

function canonical(method: SignedMethod, key: string, params: Record<string, string>): string {
  const lines = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`);
  return [method, key, ...lines].join('\n');
}

export function sign(
  secret: Buffer,
  method: SignedMethod,
  key: string,
  params: Record<string, string>,
): string {
  return createHmac('sha256', secret)
    .update(canonical(method, key, params))
    .digest('base64url');
}

export type Verdict =
  { ok: true; params: Record<string, string> } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a request's query against its signature, then its expiry (a forged expiry is reported as forged, not as
 * expired). A repeated parameter is refused: which copy counts would otherwise be ambiguous.
 */
export function verify(
  secret: Buffer,
  method: SignedMethod,
  key: string,
  query: URLSearchParams,
  nowSeconds: number,
): Verdict {
  const params: Record<string, string> = {};
  for (const [name, value] of query) {
    if (Object.hasOwn(params, name)) return { ok: false, reason: 'invalid' };
    params[name] = value;
  }
  const given = params[SIGNATURE_PARAM];
  if (!given) return { ok: false, reason: 'invalid' };
  delete params[SIGNATURE_PARAM];
  const expected = Buffer.from(sign(secret, method, key, params));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  const expires = Number(params[EXPIRES_PARAM]);
  if (!Number.isInteger(expires)) return { ok: false, reason: 'invalid' };
  if (nowSeconds > expires) return { ok: false, reason: 'expired' };
  return { ok: true, params };
}
