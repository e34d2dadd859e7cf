import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { MEDIA_MESSAGES } from '@casting/domain';
import type { Config } from '../../config';
import { resolveAuthSecret } from '../../platform/crypto/secrets';
import { AppError } from '../../platform/errors';

/**
 * Upload grants: how a public apply page (no account) may upload. A grant is an HMAC-signed token bound to one
 * project (and, once the submission exists, one applicant) with an expiry. The submission-links module creates one
 * when it serves an apply page and the upload calls accept it in the `x-upload-grant` header or the `uploadGrant`
 * body field. Its key is derived from AUTH_SECRET for this purpose only, so a grant can never pass for an access
 * token or a file URL signature, nor the reverse.
 */
export interface UploadGrant {
  /** Unique per grant. */
  id: string;
  projectId: string;
  applicantId: string | null;
  /**
   * Who the grant stands for across page loads, e.g. `link:<share link id>` for an apply page (whoever holds the
   * link's secret). A multipart upload started under one grant may be resumed under another grant of the same
   * holder, so a closed tab or a reload does not lose the parts already sent. Absent: the grant alone.
   */
  holder?: string | null;
  /** Unix seconds. */
  expiresAt: number;
}

/** Default life of a grant: long enough to fill in an apply page and upload a large video on a slow line. */
export const UPLOAD_GRANT_TTL_SECONDS = 24 * 3600;

const keys = new WeakMap<Config, Buffer>();
function grantKey(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    const secret = resolveAuthSecret(config.AUTH_SECRET, config.dataDir);
    key = Buffer.from(hkdfSync('sha256', secret, 'casting', 'media-upload-grant', 32));
    keys.set(config, key);
  }
  return key;
}

function mac(config: Config, body: string): string {
  return createHmac('sha256', grantKey(config)).update(body).digest('base64url');
}

/** A token `<payload>.<signature>` for an apply page of `projectId`; pass `applicantId` once the applicant exists. */
export function createUploadGrant(
  config: Config,
  input: {
    projectId: string;
    applicantId?: string | null;
    holder?: string | null;
    ttlSeconds?: number;
    now?: Date;
  },
): string {
  const now = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const payload: UploadGrant = {
    id: randomUUID(),
    projectId: input.projectId,
    applicantId: input.applicantId ?? null,
    holder: input.holder ?? null,
    expiresAt: now + (input.ttlSeconds ?? UPLOAD_GRANT_TTL_SECONDS),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(config, body)}`;
}

/** The grant a token carries; 403 when it was not signed by this server (or was changed), or has expired. */
export function verifyUploadGrant(config: Config, token: string, now: Date = new Date()): UploadGrant {
  const [body = '', signature = '', extra] = token.split('.');
  const expected = Buffer.from(mac(config, body));
  const given = Buffer.from(signature);
  if (extra !== undefined || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('FORBIDDEN', MEDIA_MESSAGES.grantInvalid);
  }
  let grant: UploadGrant;
  try {
    grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as UploadGrant;
  } catch {
    throw new AppError('FORBIDDEN', MEDIA_MESSAGES.grantInvalid);
  }
  if (typeof grant.expiresAt !== 'number' || grant.expiresAt <= Math.floor(now.getTime() / 1000)) {
    throw new AppError('FORBIDDEN', MEDIA_MESSAGES.grantExpired);
  }
  return grant;
}

/**
 * The owner an upload started under this grant is recorded with (`media_uploads.grant_id`): the grant's holder
 * when it has one, so every page load of the same apply link may resume and attach it, else the grant itself.
 */
export function grantOwner(grant: UploadGrant): string {
  return grant.holder ? holderOwner(grant.holder) : grant.id;
}

/** The owner recorded for uploads made under any grant of `holder`. */
export function holderOwner(holder: string): string {
  return `holder:${holder}`;
}

/** The holder of the upload grants of one talent's selfie section on their private page (decision 0460). */
export function selfieGrantHolder(applicantId: string): string {
  return `selfie:${applicantId}`;
}

/** The holder of the upload grants of one talent's files section on their private page. */
export function privateMediaGrantHolder(applicantId: string): string {
  return `private:${applicantId}`;
}

/** The holder of the upload grants of one submission link's apply page. */
export function linkGrantHolder(shareLinkId: string): string {
  return `link:${shareLinkId}`;
}
