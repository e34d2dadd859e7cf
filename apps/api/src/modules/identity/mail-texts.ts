import { escapeHtml } from '@casting/domain';
import type { Config } from '../../config';
import type { MailMessage, TextMessage } from '../../platform/mail/ports';

/** What the mails need from the configuration: where the web app lives and how long a code lasts. */
export type MailSettings = Pick<Config, 'publicUrl' | 'CODE_TTL_MINUTES'>;

function minutes(count: number): string {
  return count === 1 ? '1 minute' : `${count} minutes`;
}

/** A web app address with its query; each value is URL-encoded, so an address with '+' or '&' survives. */
export function webLink(publicUrl: string, path: string, query: Record<string, string> = {}): string {
  const search = Object.entries(query)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `${publicUrl.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

interface CodeMail {
  to: string;
  subject: string;
  intro: string;
  codeLine: string;
  code: string;
  linkLabel: string;
  link: string;
  outro: string;
}

/**
 * The code stays in the text for anyone who reads mail on another device than the browser; the link carries it
 * (with the address) to the page that asks for it. The HTML alternative says the same, with a real link.
 */
function codeMail(mail: CodeMail): MailMessage {
  const html = [
    `<p>${escapeHtml(mail.intro)}</p>`,
    `<p>${escapeHtml(mail.codeLine)} <strong>${escapeHtml(mail.code)}</strong></p>`,
    `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.linkLabel)}</a></p>`,
    `<p>${escapeHtml(mail.outro)}</p>`,
  ].join('\n');
  return {
    to: mail.to,
    subject: mail.subject,
    text: [
      mail.intro,
      '',
      `${mail.codeLine} ${mail.code}`,
      '',
      `${mail.linkLabel}: ${mail.link}`,
      '',
      mail.outro,
    ].join('\n'),
    html: `<!doctype html>\n<html><body>\n${html}\n</body></html>`,
  };
}

export function confirmationMail(settings: MailSettings, to: string, code: string): MailMessage {
  return codeMail({
    to,
    subject: 'Your Casting confirmation code',
    intro: 'Welcome to Casting.',
    codeLine: 'Your confirmation code is',
    code,
    linkLabel: 'Confirm your account',
    link: webLink(settings.publicUrl, '/auth/confirm-user', { email: to, code }),
    outro: `It expires in ${minutes(settings.CODE_TTL_MINUTES)}. If you did not create an account, you can ignore this e-mail.`,
  });
}

export function passwordResetMail(settings: MailSettings, to: string, code: string): MailMessage {
  return codeMail({
    to,
    subject: 'Your Casting password reset code',
    intro: 'Someone asked to reset the password of your Casting account.',
    codeLine: 'Your password reset code is',
    code,
    linkLabel: 'Choose a new password',
    link: webLink(settings.publicUrl, '/auth/reset-password', { code, email: to }),
    outro: `It expires in ${minutes(settings.CODE_TTL_MINUTES)}. If you did not ask for it, you can ignore this e-mail: your password has not changed.`,
  });
}

export type RemovedFactor = 'authenticator' | 'phone';

const REMOVED: Record<RemovedFactor, { subject: string; what: string }> = {
  authenticator: {
    subject: 'Your Casting authenticator app was turned off',
    what: 'The authenticator app was turned off for your Casting account: signing in no longer asks for its codes.',
  },
  phone: {
    subject: 'Your Casting phone number was removed',
    what: 'The phone number was removed from your Casting account: signing in no longer sends codes by text message.',
  },
};

/** Tells the owner when a second factor goes away, so a stolen session cannot remove one unnoticed. */
export function secondFactorRemovedMail(
  settings: MailSettings,
  to: string,
  factor: RemovedFactor,
): MailMessage {
  const { subject, what } = REMOVED[factor];
  const advice = 'If this was not you, reset your password at once and set the second factor up again:';
  return securityNotice(settings, to, subject, what, advice);
}

/** Tells the owner their password changed, so a change they did not make is noticed while it can be undone. */
export function passwordChangedMail(settings: MailSettings, to: string): MailMessage {
  return securityNotice(
    settings,
    to,
    'Your Casting password was changed',
    'The password of your Casting account was changed. Other devices were signed out; this one stays signed in.',
  );
}

export function signInCodeText(to: string, code: string): TextMessage {
  return { to, text: `Your Casting sign-in code is ${code}` };
}

export function phoneVerificationText(to: string, code: string): TextMessage {
  return { to, text: `Your Casting verification code is ${code}` };
}

/** A notice with one piece of news and the advice to reset the password if the owner did not do it. */
function securityNotice(
  settings: MailSettings,
  to: string,
  subject: string,
  what: string,
  advice = 'If this was not you, reset your password at once:',
): MailMessage {
  const resetLink = webLink(settings.publicUrl, '/auth/forgot-password');
  return {
    to,
    subject,
    text: [what, '', `${advice} ${resetLink}`].join('\n'),
    html: [
      '<!doctype html>',
      '<html><body>',
      `<p>${escapeHtml(what)}</p>`,
      `<p>${escapeHtml(advice)} <a href="${escapeHtml(resetLink)}">reset your password</a></p>`,
      '</body></html>',
    ].join('\n'),
  };
}

/** Sent the first time in a day that code guesses on the account reach a daily cap. */
export function codeGuessCapMail(settings: MailSettings, to: string): MailMessage {
  return securityNotice(
    settings,
    to,
    'Someone is trying codes on your Casting account',
    'Someone is trying codes on your Casting account: so many sign-in, confirmation or reset codes were tried today that code entry is paused until tomorrow. Your password still works where you usually sign in.',
  );
}

export type AddedFactor = 'authenticator' | 'phone';

const ADDED: Record<AddedFactor, { subject: string; what: string }> = {
  authenticator: {
    subject: 'An authenticator app was turned on for your Casting account',
    what: 'An authenticator app was turned on for your Casting account: signing in now asks for its codes.',
  },
  phone: {
    subject: 'A phone number was added to your Casting account',
    what: 'A phone number was verified for your Casting account: signing in now sends codes by text message to it.',
  },
};

/** A second factor that appears unnoticed could be an attacker's way back in, so its arrival is mailed too. */
export function secondFactorAddedMail(settings: MailSettings, to: string, factor: AddedFactor): MailMessage {
  const { subject, what } = ADDED[factor];
  return securityNotice(settings, to, subject, what);
}

/** Sent when a sign-in comes from a browser or device the account has not signed in from before. */
export function newSignInMail(
  settings: MailSettings,
  to: string,
  where: { device: string; ipAddress: string | null; at: Date },
): MailMessage {
  const from = where.ipAddress ? ` from the address ${where.ipAddress}` : '';
  return securityNotice(
    settings,
    to,
    'New sign-in to your Casting account',
    `Your Casting account was signed in on ${where.device}${from} at ${where.at.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
  );
}
