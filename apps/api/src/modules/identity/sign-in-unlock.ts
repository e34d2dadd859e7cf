import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailMessage } from '../../platform/mail/ports';
import { escapeHtml } from '@casting/domain';
import { webLink, type MailSettings } from './mail-texts';

/** How long a mailed unlock link lets its reader sign in past the account's lock. */
export const UNLOCK_LINK_MINUTES = 60;

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`sign-in-unlock:${payload}`).digest();
}

/**
 * A link's secret: the account and an expiry, signed with the identity's unlock key. It is made when the mail is
 * composed (the job table never holds it) and checked without storage; only the account's mailbox receives it.
 */
export function unlockToken(key: Buffer, userId: string, now = Date.now()): string {
  const payload = `${userId}.${Math.floor(now / 1000) + UNLOCK_LINK_MINUTES * 60}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(key, payload).toString('base64url')}`;
}

/** True when `token` was made for this account by `unlockToken` and has not expired. */
export function unlockTokenValid(key: Buffer, token: string, userId: string, now = Date.now()): boolean {
  const [encoded, signed] = token.split('.');
  if (!encoded || !signed) return false;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = signature(key, payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const [owner, expires] = payload.split('.');
  return owner === userId && Number(expires) * 1000 > now;
}

/** The mail an account's owner gets when sign-in to the account is locked by attempts from many addresses. */
export function signInUnlockMail(settings: MailSettings, to: string, token: string): MailMessage {
  const link = webLink(settings.publicUrl, '/auth/sign-in', { email: to, unlock: token });
  const what =
    'Sign-in to your Casting account is paused: many wrong passwords were tried for it from several places. If you are trying to sign in, use this link: it lets you sign in with your password from this browser.';
  const outro = `The link works for ${UNLOCK_LINK_MINUTES} minutes. If it was not you trying, nobody got in; you may want to choose a new password.`;
  return {
    to,
    subject: 'Sign in to your Casting account',
    text: [what, '', `Sign in: ${link}`, '', outro].join('\n'),
    html: [
      '<!doctype html>',
      '<html><body>',
      `<p>${escapeHtml(what)}</p>`,
      `<p><a href="${escapeHtml(link)}">Sign in</a></p>`,
      `<p>${escapeHtml(outro)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
