import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/platform/mail/smtp';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

// A real SMTP server on loopback: the adapter speaks the protocol to it.
describe('SMTP mailer', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers subject, recipient and text', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Casting <no-reply@casting.test>');
    await mailer.send({ to: 'dana@example.com', subject: 'Your confirmation code', text: 'Code: 123456' });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@casting.test');
    expect(received[0]?.to).toEqual(['dana@example.com']);
    expect(received[0]?.raw).toContain('Subject: Your confirmation code');
    expect(received[0]?.raw).toContain('Code: 123456');
  });

  it('sends an attached calendar event as a part of its own', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Casting <no-reply@casting.test>');
    const content = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      to: 'eli@example.com',
      subject: 'Audition',
      text: 'See the attached event.',
      attachments: [
        { filename: 'audition.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content },
      ],
    });
    mailer.close();
    const raw = received.at(-1)!.raw;
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=audition\.ics/);
    const body = /filename=audition\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(raw)?.[1] ?? '';
    expect(Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')).toBe(content);
  });

  it('fails loudly when the server refuses', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'Casting <no-reply@casting.test>');
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });
});
