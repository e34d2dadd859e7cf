import { MESSAGES } from '@casting/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp, createUser, PASSWORD, uniqueEmail } from '../support/identity';

// An account attacked from many addresses: strangers cannot lock its owner out, because the owner is mailed a link
// that lets them sign in with their password, while the attackers, without the mailbox, stay locked.
const LOCKED = { code: 'RATE_LIMITED', message: MESSAGES.signInLocked };
const UNLOCK_SUBJECT = 'Sign in to your Casting account';
// Small limits with the production ratio (one address's limit a tenth of the account's): every attempt below them
// checks a password hash, which is slow by design, so the attack takes 33 attempts per account, not 330.
const PER_ADDRESS = 3;
const PER_ACCOUNT = 30;
const ADDRESSES = PER_ACCOUNT / PER_ADDRESS + 1;

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp({
    AUTH_RATE_LIMIT_MAX: String(PER_ADDRESS),
    AUTH_ACCOUNT_RATE_LIMIT_MAX: String(PER_ACCOUNT),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: '600',
  });
});
afterAll(() => t.close());

let nextAddress = 1;
const freshAddress = () => `10.88.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const signIn = (payload: Record<string, string>, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload, remoteAddress });

async function unlockMails(email: string): Promise<{ subject: string; text: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return res.json().items.filter((item: { subject: string }) => item.subject === UNLOCK_SUBJECT);
}

async function waitForUnlockMail(email: string) {
  // Bounded by time, not attempts: on a loaded machine the mail job can take seconds to be picked up.
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const [found] = await unlockMails(email);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no unlock mail to ${email}`);
}

describe('an account attacked from many addresses', () => {
  it('still lets its owner in from a new address, through the link mailed to the account', async () => {
    const owner = await createUser();
    // Wrong passwords from one address more than the account's ceiling allows, each address under its own limit.
    for (let address = 0; address < ADDRESSES; address += 1) {
      const from = freshAddress();
      for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1) {
        const res = await signIn({ email: owner.email, password: 'Wrong#Pass1' }, from);
        expect([401, 429]).toContain(res.statusCode);
      }
    }
    // The right password from yet another address meets the lock, with the same answer as a wrong one: no oracle.
    const right = await signIn({ email: owner.email, password: PASSWORD });
    const wrong = await signIn({ email: owner.email, password: 'Wrong#Pass2' });
    expect([right.statusCode, right.json()]).toEqual([429, LOCKED]);
    expect([wrong.statusCode, wrong.json()]).toEqual([429, LOCKED]);

    const mail = await waitForUnlockMail(owner.email);
    const link = new URL(/Sign in: (\S+)/.exec(mail.text)![1]!);
    expect(link.pathname).toBe('/auth/sign-in');
    expect(link.searchParams.get('email')).toBe(owner.email);
    const unlock = link.searchParams.get('unlock')!;

    // With the link, the password gets the owner in; without the right password the link is worth nothing.
    const stranger = await signIn({ email: owner.email, password: 'Wrong#Pass3', unlock });
    expect(stranger.statusCode).toBe(401);
    const signedIn = await signIn({ email: owner.email, password: PASSWORD, unlock });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().status).toBe('SIGNED_IN');

    // One mail per window, however many addresses meet the lock.
    expect(await unlockMails(owner.email)).toHaveLength(1);
  });

  it("refuses another account's link, a tampered one, and answers an unknown address like a known one", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    for (const user of [owner, other]) {
      for (let address = 0; address < ADDRESSES; address += 1) {
        const from = freshAddress();
        for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1) {
          await signIn({ email: user.email, password: 'Wrong#Pass1' }, from);
        }
      }
      expect((await signIn({ email: user.email, password: PASSWORD })).json()).toEqual(LOCKED);
    }
    const mail = await waitForUnlockMail(other.email);
    const othersUnlock = new URL(/Sign in: (\S+)/.exec(mail.text)![1]!).searchParams.get('unlock')!;
    const borrowed = await signIn({ email: owner.email, password: PASSWORD, unlock: othersUnlock });
    expect([borrowed.statusCode, borrowed.json()]).toEqual([429, LOCKED]);
    const tampered = await signIn({ email: other.email, password: PASSWORD, unlock: `${othersUnlock}x` });
    expect([tampered.statusCode, tampered.json()]).toEqual([429, LOCKED]);

    const nobody = uniqueEmail('nobody');
    for (let address = 0; address < ADDRESSES; address += 1) {
      const from = freshAddress();
      for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1) {
        await signIn({ email: nobody, password: 'Wrong#Pass1' }, from);
      }
    }
    expect((await signIn({ email: nobody, password: PASSWORD })).json()).toEqual(LOCKED);
    expect(await unlockMails(nobody)).toHaveLength(0);
  });
});
