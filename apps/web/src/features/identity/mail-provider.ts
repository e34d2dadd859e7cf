/** Web mail of the providers most addresses belong to, by the domain after the @. */
const WEB_MAIL: Record<string, string> = {
  'gmail.com': 'https://mail.google.com/',
  'googlemail.com': 'https://mail.google.com/',
  'outlook.com': 'https://outlook.live.com/mail/',
  'hotmail.com': 'https://outlook.live.com/mail/',
  'live.com': 'https://outlook.live.com/mail/',
  'msn.com': 'https://outlook.live.com/mail/',
  'yahoo.com': 'https://mail.yahoo.com/',
  'ymail.com': 'https://mail.yahoo.com/',
  'icloud.com': 'https://www.icloud.com/mail/',
  'me.com': 'https://www.icloud.com/mail/',
  'mac.com': 'https://www.icloud.com/mail/',
  'aol.com': 'https://mail.aol.com/',
  'proton.me': 'https://mail.proton.me/',
  'protonmail.com': 'https://mail.proton.me/',
  'gmx.com': 'https://www.gmx.com/',
  'zoho.com': 'https://mail.zoho.com/',
  'yandex.com': 'https://mail.yandex.com/',
};

export interface MailboxLink {
  href: string;
  /** True for a provider's web site (opened in a new tab), false for the mail app (mailto:). */
  external: boolean;
}

/** Where 'Go to Email' leads: the provider's web mail when it is well known, else the mail app. */
export function mailboxLink(email: string): MailboxLink {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  const web = WEB_MAIL[domain];
  return web ? { href: web, external: true } : { href: 'mailto:', external: false };
}
