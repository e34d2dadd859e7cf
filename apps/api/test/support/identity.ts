import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { OfficeRole, UserRoleCode } from '@casting/domain';
import { firstOfficeId, officeRoleOfAccount } from '../../src/bootstrap/first-office';
import { hashPassword } from '../../src/platform/crypto/password';
import { authSessions, officeMembers, users } from '../../src/platform/db/schema';
import { appsCaughtUp, buildTestApp, type TestApp } from './app';
import type { Database } from '../../src/platform/db/client';
import { testDatabase } from './database';

/** A password that passes every rule and is in no common-password list. */
export const PASSWORD = 'Velvet#Harbor42';

export const CSRF = { 'x-requested-with': 'casting-web' } as const;

export type UserRow = typeof users.$inferSelect;
export type TestUser = UserRow & { password: string };

/**
 * Auth endpoints are rate-limited per address, and every inject comes from 127.0.0.1: tests get room. Code mails go
 * out through the `mail` job, so these apps run workers.
 */
export function buildIdentityApp(env: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000', ...env }, runWorkers: true });
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@example.com`;
}

/** '+1555' and seven random digits: unique enough that no two tests read each other's texts. */
export function uniquePhone(): string {
  return `+1555${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
}

let defaultHash: Promise<string> | undefined;

export interface CreateUserOverrides extends Partial<Omit<UserRow, 'roleCode'>> {
  roleCode?: UserRoleCode;
  password?: string;
  confirmed?: boolean;
  /**
   * The office the account joins, with the office role of its account role (a super admin owns it); the first
   * office unless given, none when null. A TALENT account joins none.
   */
  officeId?: string | null;
  officeRole?: OfficeRole;
}

/**
 * A confirmed casting director with PASSWORD unless the overrides say otherwise, in the worker's database or the one
 * given (another instance's).
 */
export async function createUser(
  overrides: CreateUserOverrides = {},
  database?: Database,
): Promise<TestUser> {
  const { password = PASSWORD, confirmed = true, officeId: officeChoice, officeRole, ...columns } = overrides;
  const target = database ?? (await testDatabase());
  const officeId = officeChoice === undefined ? await firstOfficeId(target.db) : officeChoice;
  const db = target.scopedDb({ owner: true, officeId });
  let passwordHash: string;
  if (password === PASSWORD) {
    defaultHash ??= hashPassword(PASSWORD);
    passwordHash = await defaultHash;
  } else {
    passwordHash = await hashPassword(password);
  }
  const [row] = await db
    .insert(users)
    .values({
      email: uniqueEmail(),
      firstName: 'Test',
      lastName: 'Person',
      roleCode: 'CASTING_DIRECTOR',
      passwordHash,
      confirmedAt: confirmed ? new Date() : null,
      ...columns,
    })
    .returning();
  if (!row) throw new Error('createUser inserted nothing');
  const role = officeRole ?? officeRoleOfAccount(row.roleCode as UserRoleCode);
  if (officeId && role) {
    await db.insert(officeMembers).values({ officeId, userId: row.id, role });
    await db.update(users).set({ lastOfficeId: officeId }).where(eq(users.id, row.id));
    return { ...row, lastOfficeId: officeId, password };
  }
  return { ...row, password };
}

export async function reloadUser(id: string): Promise<UserRow> {
  const { db } = await testDatabase();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`user ${id} is gone`);
  return row;
}

/** Changes a user's row behind the API's back, e.g. a verified phone after the session was opened. */
export async function updateUserRow(id: string, values: Partial<UserRow>): Promise<void> {
  const { db } = await testDatabase();
  await db.update(users).set(values).where(eq(users.id, id));
  await appsCaughtUp();
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  trackingId: string;
  sessionDurationMinutes: number;
  auth: { authorization: string };
}

export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((cookie) => cookie.name === 'casting_rt')?.value;
}

export function grantOf(res: LightMyRequestResponse): SignedIn {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const refreshToken = refreshCookieOf(res);
  if (!refreshToken) throw new Error('no refresh cookie was set');
  return {
    accessToken: body.accessToken,
    refreshToken,
    trackingId: body.trackingId,
    sessionDurationMinutes: body.sessionDurationMinutes,
    auth: { authorization: `Bearer ${body.accessToken}` },
  };
}

/** Signs in a user without a second factor and returns the tokens. */
export async function signIn(app: FastifyInstance, user: { email: string; password: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: user.password },
  });
  expect(res.json().status, res.body).toBe('SIGNED_IN');
  return grantOf(res);
}

export function refresh(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: CSRF,
    cookies: { casting_rt: refreshToken },
  });
}

interface OutboxItem {
  id: string;
  subject: string;
  text: string;
}

async function outbox(app: FastifyInstance, to: string): Promise<OutboxItem[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=20`,
  });
  return res.json().items;
}

/**
 * The code in the newest message to an address (e-mail or phone), read from /api/dev/outbox. Code mails are sent by
 * the `mail` job after the answer (so timing reveals no account), hence the wait of a few polling intervals;
 * `after` skips messages already seen.
 */
export async function latestCode(
  app: FastifyInstance,
  to: string,
  options: { after?: string | undefined; subject?: string } = {},
): Promise<{ code: string; id: string; subject: string }> {
  // Bounded by time, not attempts: on a loaded machine the mail job can take seconds to be picked up.
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const [newest] = (await outbox(app, to)).filter(
      (item) => !options.subject || item.subject === options.subject,
    );
    if (newest && newest.id !== options.after) {
      const code = /\b(\d{6})\b/.exec(newest.text)?.[1];
      if (!code) throw new Error(`no code in: ${newest.text}`);
      return { code, id: newest.id, subject: newest.subject };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no new message for ${to}`);
}

export async function newestOutboxId(app: FastifyInstance, to: string): Promise<string | undefined> {
  return (await outbox(app, to))[0]?.id;
}

/** Moves a session's last activity into the past, as if the person had walked away. */
export async function idleSession(sessionId: string, minutes: number): Promise<void> {
  const { db } = await testDatabase();
  await db
    .update(authSessions)
    .set({ lastActivityAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(authSessions.id, sessionId));
  await appsCaughtUp();
}

/** The authenticator app's side: codes computed from the otpauth URL's secret. */
export function authenticatorFrom(otpUrl: string) {
  const url = new URL(otpUrl);
  const secret = Secret.fromBase32(url.searchParams.get('secret') ?? '');
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  return {
    url,
    code: (timestamp = Date.now()) => totp.generate({ timestamp }),
  };
}
