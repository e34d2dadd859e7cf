import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/platform/db/rows';
import { outboxMessages } from '../../src/platform/db/schema';
import { JOBS_SCHEMA } from '../../src/platform/jobs/pg-boss-jobs';
import { buildTestApp, type TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { createUser, PASSWORD, uniquePhone } from '../support/identity';
import { startTextProviderServer } from '../support/text-provider-server';

// Sign-in codes by text message leave through a Twilio-compatible provider: a real HTTP server on loopback that
// speaks the Messages API's contract (path, Basic authentication, form body, error answers) receives them. The code
// is never readable in the job table nor in any log line, and a failed delivery is retried.
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'provider-auth-token-0123456789';
const FROM = '+15005550006';

let provider: Awaited<ReturnType<typeof startTextProviderServer>>;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  provider = await startTextProviderServer({ accountSid: ACCOUNT, authToken: TOKEN });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({
    env: {
      AUTH_RATE_LIMIT_MAX: '1000',
      SMS_API_URL: provider.url,
      SMS_ACCOUNT_SID: ACCOUNT,
      SMS_AUTH_TOKEN: TOKEN,
      SMS_FROM: FROM,
    },
    runWorkers: true,
    log: pino({ level: 'info' }, stream),
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** The code in the newest text the provider accepted for this number. */
async function codeTextedTo(phone: string, after = 0) {
  await expect
    .poll(() => provider.accepted.filter((text) => text.to === phone).length, { timeout: 20_000 })
    .toBeGreaterThan(after);
  const text = provider.accepted.filter((item) => item.to === phone).at(-1)!;
  return /\b(\d{6})\b/.exec(text.body)![1]!;
}

const signIn = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: PASSWORD } });
const confirm = (session: string, challengeResponse: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-sign-in', payload: { session, challengeResponse } });

describe('text messages through the provider', () => {
  it('texts the sign-in code from the configured number; the code is in no job row, log line or outbox', async () => {
    const phone = uniquePhone();
    const user = await createUser({ phoneNumber: phone, smsMfaEnabled: true });
    const started = await signIn(user.email);
    expect(started.json().signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    const code = await codeTextedTo(phone);
    const text = provider.accepted.find((item) => item.to === phone)!;
    expect(text).toMatchObject({ from: FROM, messagingServiceSid: null });
    expect(text.body).toContain(code);

    const done = await confirm(started.json().session, code);
    expect(done.statusCode, done.body).toBe(200);

    const { db } = await testDatabase();
    const jobs = rowsOf<{ data: string }>(
      await db.execute(sql.raw(`select data::text as data from ${JOBS_SCHEMA}.job where name = 'texts'`)),
    );
    const ours = jobs.filter((row) => row.data.includes(phone));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.map((row) => row.data).join()).not.toContain(code);
    expect(lines.join('')).not.toContain(code);
    expect(lines.join('')).toContain('text message sent');
    const outbox = await db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.toAddress} = ${phone}`);
    expect(outbox).toEqual([]);
  });

  it('retries a delivery the provider could not take, so the code still arrives', async () => {
    const phone = uniquePhone();
    const user = await createUser({ phoneNumber: phone, smsMfaEnabled: true });
    provider.failNext(1, 503);
    const started = await signIn(user.email);
    const code = await codeTextedTo(phone);
    expect((await confirm(started.json().session, code)).statusCode).toBe(200);
    const warned = lines.filter((line) => line.includes('answered 503'));
    expect(warned.length).toBeGreaterThan(0);
    expect(warned.join()).toContain('error 20500');
    expect(warned.join()).not.toContain(phone);
  });

  it('logs a refusal with the provider’s code and words, for the operator, and never the text', async () => {
    const phone = uniquePhone();
    provider.failNext(1, 429);
    await t.context.texts.send({ to: phone, text: 'Your code is 918273' });
    await t.context.texts.send({ to: 'not-a-number', text: 'Your code is 564738' });
    await expect
      .poll(() => lines.filter((line) => line.includes('error 21211')).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    // The number the provider could not take for a moment got its text on a retry.
    await expect
      .poll(() => provider.accepted.some((text) => text.to === phone), { timeout: 20_000 })
      .toBe(true);
    const refused = lines.find((line) => line.includes('error 21211'))!;
    expect(JSON.parse(refused)).toMatchObject({
      level: 40,
      permanent: true,
      msg: "The text-message provider answered 400 (error 21211): The 'To' number …mber is not a valid phone number.",
    });
    // The job waits for its retry with the provider's answer as its error, as the operator's queue health lists it.
    const { db } = await testDatabase();
    const failed = rowsOf<{ state: string; output: string }>(
      await db.execute(
        sql.raw(`select state, output::text as output from ${JOBS_SCHEMA}.job
        where name = 'texts' and data->>'to' = 'not-a-number'`),
      ),
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]!.output).toContain('error 21211');
    expect(failed[0]!.output).not.toContain('564738');
    expect(failed[0]!.output).not.toContain('not-a-number');
    expect(lines.join('')).not.toMatch(/918273|564738|not-a-number/);
  });
});
