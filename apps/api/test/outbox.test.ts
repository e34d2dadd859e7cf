import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/dev/outbox', () => {
  it('lists what the outbox recorded for an address, newest first', async () => {
    const to = `Reader-${randomUUID()}@example.com`;
    await t.context.mailer.send({ to, subject: 'First', text: 'Your code is 111111' });
    await t.context.mailer.send({ to, subject: 'Second', text: 'Your code is 222222' });
    await t.context.texts.send({ to: '+15550000000', text: 'Text code 333333' });

    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((item: { subject: string }) => item.subject)).toEqual(['Second', 'First']);
    expect(items[0]).toMatchObject({ channel: 'email', to: to.toLowerCase(), text: 'Your code is 222222' });
    expect(new Date(items[0].createdAt).toISOString()).toBe(items[0].createdAt);
  });

  it('filters text messages by channel', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?channel=sms&to=%2B15550000000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ channel: 'sms', text: 'Text code 333333' });
  });

  it('answers only requests made on the machine itself, straight to the server', async () => {
    const to = `Victim-${randomUUID()}@example.com`;
    await t.context.mailer.send({ to, subject: 'Reset', text: 'Your code is 444444' });
    const url = `/api/dev/outbox?to=${encodeURIComponent(to)}`;
    for (const request of [
      { remoteAddress: '192.0.2.10' },
      { remoteAddress: '10.1.2.3' },
      { remoteAddress: '::ffff:192.0.2.10' },
      // A proxy on this machine forwards someone who may be anywhere.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '192.0.2.10' } },
      ...[
        'forwarded',
        'x-real-ip',
        'x-client-ip',
        'true-client-ip',
        'cf-connecting-ip',
        'x-forwarded-host',
        'via',
      ].map((header) => ({
        remoteAddress: '127.0.0.1',
        headers: { [header]: header === 'forwarded' ? 'for=8.8.8.8' : '8.8.8.8' },
      })),
    ]) {
      const res = await t.app.inject({ method: 'GET', url, ...request });
      expect(res.statusCode, JSON.stringify(request)).toBe(403);
      expect(res.json()).toEqual({
        code: 'FORBIDDEN',
        message:
          'The development outbox can only be read on the machine the server runs on. Open it there: the log names each message but never its text.',
      });
      expect(res.body).not.toContain('444444');
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json().items[0].text).toBe('Your code is 444444');
    }
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), MAIL_OUTBOX: 'true', SMS_SIGN_IN: 'false' },
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    } finally {
      await prod.close();
    }
  });
});
