import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ensureFirstSuperAdmin } from '../src/bootstrap/first-admin';
import { hashPassword, verifyPassword } from '../src/platform/crypto/password';
import { users } from '../src/platform/db/schema';
import { testDatabase } from './support/database';

describe('first super admin', () => {
  it('is created once, with a generated password that signs in, and never again', async () => {
    const { db } = await testDatabase();
    const log = pino({ level: 'silent' });
    const existing = await db.select().from(users).where(eq(users.roleCode, 'SUPER_ADMIN'));
    // Other files in this worker may have made one already; the bootstrap must then do nothing.
    const first = await ensureFirstSuperAdmin(db, log, { email: 'Boss@Casting.Example' });
    if (existing.length === 0) {
      expect(first.created).toBe(true);
      expect(first.email).toBe('boss@casting.example');
      expect(first.generatedPassword).toMatch(/^.{20,}$/);
      const [row] = await db.select().from(users).where(eq(users.email, 'boss@casting.example'));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row!.passwordHash!, first.generatedPassword!)).toBe(true);
      expect(row?.confirmedAt).not.toBeNull();
      // The generated password has been in a log: the first sign-in must replace it.
      expect(row?.mustChangePassword).toBe(true);
    }
    const second = await ensureFirstSuperAdmin(db, log, { email: 'other@casting.example' });
    expect(second).toEqual({ created: false, email: 'other@casting.example' });
    const after = await db.select().from(users).where(eq(users.roleCode, 'SUPER_ADMIN'));
    expect(after).toHaveLength(Math.max(existing.length, 1));
  });
});

describe('password hashing', () => {
  it('uses argon2id and rejects a wrong password or a malformed hash', async () => {
    const hashed = await hashPassword('Correct#Horse9');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, 'Correct#Horse9')).toBe(true);
    expect(await verifyPassword(hashed, 'Wrong#Horse9')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
