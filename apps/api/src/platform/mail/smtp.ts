import type { Transporter } from 'nodemailer';
import type { Mailer } from './ports';

/**
 * Delivers e-mail through an SMTP server given as smtp://user:pass@host:port (smtps:// for TLS). nodemailer is loaded
 * by the first message rather than with the bundle (about 70 ms of every start), like the other libraries a start
 * does not need.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  return {
    kind: 'smtp',
    async send(message) {
      const opened = await open();
      await opened.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}
