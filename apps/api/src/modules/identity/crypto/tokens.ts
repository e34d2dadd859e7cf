import { createHash, createHmac, randomBytes, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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
 * The HMAC key imported into WebCrypto once per secret: given raw bytes, jose imports the key again on every call,
 * and every authenticated request verifies a token.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export async function signAccessToken(claims: AccessClaims, key: Uint8Array, ttlSeconds: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(await hmacKey(key));
}

/** The token's claims, or null for anything forged, expired or malformed. */
export async function verifyAccessToken(token: string, key: Uint8Array): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      // A token without an expiry would be valid for ever if the signing key ever leaked into a token factory:
      // every token this API issues has one, so one without it is refused.
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
