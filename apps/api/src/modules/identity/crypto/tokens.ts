import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createDecoder, createSigner, createVerifier } from 'fast-jwt';

/** 256 random bits, URL-safe: refresh tokens and second-factor challenge handles. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The refresh token that replaces `token` when it is rotated: a keyed hash of it, so that every request presenting
 * the same token (several tabs refreshing at once) is answered with the same successor, which no one can compute
 * without the server's key.
 */
export function successorToken(token: string, key: Buffer): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}

/** Digest under which opaque tokens are stored; they carry 256 bits, so no salt or slow hash is needed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const ISSUER = 'casting-api';
const AUDIENCE = 'casting';

/**
 * Access tokens are HS256 JWTs made and checked with fast-jwt: its verifier is synchronous (node:crypto's HMAC, no
 * WebCrypto job per request) and remembers tokens it has verified until they expire, so a client's repeated calls
 * cost one hash lookup instead of one HMAC each. Every authenticated request verifies a token, so this is on the
 * hot path. One signer and one verifier per key.
 */
const verifiers = new WeakMap<Uint8Array, (token: string) => Record<string, unknown>>();
function verifierFor(secret: Uint8Array) {
  let verify = verifiers.get(secret);
  if (!verify) {
    verify = createVerifier({
      key: Buffer.from(secret),
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      // A token without an expiry would be valid for ever if the signing key ever leaked into a token factory:
      // every token this API issues has one, so one without it is refused.
      requiredClaims: ['exp', 'iat', 'sub'],
      cache: 10_000,
    });
    verifiers.set(secret, verify);
  }
  return verify;
}

const signers = new WeakMap<Uint8Array, (payload: Record<string, unknown>) => string>();
function signerFor(secret: Uint8Array) {
  let sign = signers.get(secret);
  if (!sign) {
    sign = createSigner({ key: Buffer.from(secret), algorithm: 'HS256' });
    signers.set(secret, sign);
  }
  return sign;
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export async function signAccessToken(claims: AccessClaims, key: Uint8Array, ttlSeconds: number) {
  const now = Math.floor(Date.now() / 1000);
  return signerFor(key)({
    sid: claims.sessionId,
    sub: claims.userId,
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now,
    exp: now + ttlSeconds,
  });
}

/** The token's claims, or null for anything forged, expired or malformed. */
export async function verifyAccessToken(token: string, key: Uint8Array): Promise<AccessClaims | null> {
  try {
    const payload = verifierFor(key)(token);
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

const decode = createDecoder();

/** The expiry (ms since the epoch) of a token already verified by `verifyAccessToken`; null when it has none. */
export function accessTokenExpiry(token: string): number | null {
  const payload = decode(token) as { exp?: unknown };
  return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
}
