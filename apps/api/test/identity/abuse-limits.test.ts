import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { selectRows } from '../jobs/support';
import { buildIdentityApp, createUser, uniqueEmail } from '../support/identity';

const EXHAUSTED = {
  code: 'RATE_LIMITED',
  message: 'Too many codes were tried on this account today. Please try again tomorrow.',
};
const CAP_NOTICE = 'Someone is trying codes on your Casting account';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp({
    CODE_GUESSES_PER_DAY: '3',
    CODE_GUESSES_PER_DAY_ACCOUNT: '5',
    CODE_MAX_ATTEMPTS: '100',
  });
});
afterAll(() => t.close());

let nextAddress = 1;
const freshAddress = () => `10.77.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const reset = (email: string, code: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { email, code, newPassword: 'Lantern$Meadow81' },
    remoteAddress,
  });

async function outbox(email: string): Promise<{ subject: string; text: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return res.json().items;
}

async function waitForMail(email: string, subject: string) {
  // Bounded by time, not attempts: on a loaded machine the mail job can take seconds to be picked up.
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const found = (await outbox(email)).find((item) => item.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail '${subject}' to ${email}`);
}

describe('daily cap on code guesses', () => {
  it('refuses code entry from an address past CODE_GUESSES_PER_DAY, while the owner elsewhere still resets', async () => {
    const user = await createUser();
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const { text } = await waitForMail(user.email, 'Your Casting password reset code');
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';

    const stranger = freshAddress();
    for (let i = 0; i < 3; i += 1)
      expect((await reset(user.email, wrong, stranger)).json().code).toBe('INVALID_CODE');
    // Even the right code is refused from there for the rest of the day.
    const refused = await reset(user.email, code, stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(EXHAUSTED);

    const owner = await reset(user.email, code, freshAddress());
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('refuses code entry on the account from everywhere past CODE_GUESSES_PER_DAY_ACCOUNT, and mails the owner once', async () => {
    const user = await createUser();
    const statuses: number[] = [];
    // Two guesses from each of three addresses: under the per-address cap, over the account-wide one at the 6th.
    for (let i = 0; i < 3; i += 1) {
      const address = freshAddress();
      for (let j = 0; j < 2; j += 1) statuses.push((await reset(user.email, '000000', address)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const again = await reset(user.email, '000000', freshAddress());
    expect(again.json()).toEqual(EXHAUSTED);

    const notice = await waitForMail(user.email, CAP_NOTICE);
    expect(notice.text).toContain('Someone is trying codes on your Casting account');
    expect((await outbox(user.email)).filter((item) => item.subject === CAP_NOTICE)).toHaveLength(1);
  });

  it('counts sign-in confirmation and sign-up confirmation codes too', async () => {
    const email = uniqueEmail('unconfirmed');
    await createUser({ email, confirmed: false });
    const address = freshAddress();
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/confirm',
        payload: { email, code: '000000' },
        remoteAddress: address,
      });
    for (let i = 0; i < 3; i += 1) expect((await confirm()).statusCode).toBe(400);
    expect((await confirm()).json()).toEqual(EXHAUSTED);

    // A challenge handle that exists counts against its account; an unknown one is just an invalid code.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-sign-in',
      payload: { session: 'no-such-challenge', challengeResponse: '000000' },
    });
    expect(unknown.json().code).toBe('INVALID_CODE');
  });
});

describe('mail that must not reveal accounts', () => {
  async function mailJobsFor(email: string) {
    const { db } = await testDatabase();
    return selectRows<{ data: Record<string, unknown> }>(
      db,
      sql`select data from pgboss.job where name = 'mail-codes' and data->>'email' = ${email}`,
    );
  }

  it('forgot-password queues the same job, and answers the same, for a known and an unknown address', async () => {
    const user = await createUser();
    const unknownEmail = uniqueEmail('nobody');
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: unknownEmail },
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect((await mailJobsFor(user.email)).map((row) => row.data)).toEqual([
      { kind: 'password-reset', email: user.email },
    ]);
    expect((await mailJobsFor(unknownEmail)).map((row) => row.data)).toEqual([
      { kind: 'password-reset', email: unknownEmail },
    ]);
    // The worker mails only the account that exists.
    await waitForMail(user.email, 'Your Casting password reset code');
    expect(await outbox(unknownEmail)).toEqual([]);
  });

  it('sign-up queues its confirmation mail with the new account, and resend-confirm queues one for any address', async () => {
    const email = uniqueEmail('signup');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staffs/register',
      payload: {
        email,
        password: 'Lantern$Meadow81',
        firstName: 'Ada',
        lastName: 'Lovelace',
        roleType: 'ADMIN',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await mailJobsFor(email)).map((row) => row.data)).toEqual([{ kind: 'confirmation', email }]);
    await waitForMail(email, 'Your Casting confirmation code');

    const unknownEmail = uniqueEmail('nobody');
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/users/resend-confirm',
      payload: { email: unknownEmail },
    });
    expect(resend.statusCode).toBe(200);
    expect((await mailJobsFor(unknownEmail)).map((row) => row.data)).toEqual([
      { kind: 'confirmation', email: unknownEmail },
    ]);
  });
});
