import type { MailMessage, TextMessage } from '../../platform/mail/ports';

function minutes(count: number): string {
  return count === 1 ? '1 minute' : `${count} minutes`;
}

export function confirmationMail(to: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your Casting confirmation code',
    text: [
      'Welcome to Casting.',
      '',
      `Your confirmation code is ${code}`,
      '',
      `It expires in ${minutes(ttlMinutes)}. If you did not create an account, you can ignore this e-mail.`,
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your Casting password reset code',
    text: [
      'Someone asked to reset the password of your Casting account.',
      '',
      `Your password reset code is ${code}`,
      '',
      `It expires in ${minutes(ttlMinutes)}. If you did not ask for it, you can ignore this e-mail: your password has not changed.`,
    ].join('\n'),
  };
}

export function signInCodeText(to: string, code: string): TextMessage {
  return { to, text: `Your Casting sign-in code is ${code}` };
}

export function phoneVerificationText(to: string, code: string): TextMessage {
  return { to, text: `Your Casting verification code is ${code}` };
}
