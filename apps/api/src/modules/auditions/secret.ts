import { createHash, randomBytes } from 'node:crypto';

/** A new invitation secret: 256 random bits, base64url; only its SHA-256 digest is stored. */
export function newInvitationSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The recipient's private page: the project names the office, the secret the invitation. */
export const invitationPageUrl = (publicUrl: string, projectId: string, secret: string) =>
  `${publicUrl.replace(/\/$/, '')}/auditions/${projectId}?token=${secret}`;
