import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_MESSAGES } from '@casting/domain';
import { officeSupportGrants } from '../../src/platform/db/schema';
import { closeLapsedSupportGrants } from '../../src/modules/offices';
import { appsCaughtUp, type TestApp } from '../support/app';
import { appDatabase } from '../support/database';
import { buildIdentityApp, createUser, signIn } from '../support/identity';
import { anyOfficeDb, auditLog, memberOf, officeWithOwner, type Member } from './fixture';

let t: TestApp;
let officeId: string;
let owner: Member;
let operator: { authorization: string };
let operatorId: string;

beforeAll(async () => {
  t = await buildIdentityApp();
  ({ officeId, owner } = await officeWithOwner(t.app, 'Supported Office'));
  const admin = await createUser({ roleCode: 'SUPER_ADMIN', officeId: null });
  operatorId = admin.id;
  operator = (await signIn(t.app, admin)).auth;
});
afterAll(() => t.close());

const grant = (hours: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/offices/current/support-access',
    headers: owner.auth,
    payload: { hours },
  });
const startSession = () =>
  t.app.inject({
    method: 'POST',
    url: `/api/operator/offices/${officeId}/support-session`,
    headers: operator,
  });
const current = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/offices/current', headers: auth });

describe('support access', () => {
  it('without a grant, the operator sees nothing of the office', async () => {
    const res = await startSession();
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(OFFICE_MESSAGES.supportAccessNotGranted);
    const listed = await t.app.inject({ method: 'GET', url: '/api/operator/offices', headers: operator });
    expect(listed.json().items).toContainEqual(expect.objectContaining({ id: officeId, supportUntil: null }));
    expect((await current(operator)).json().code).toBe('OFFICE_REQUIRED');
    const refused = (await auditLog(null, 'office.support-session-start')).filter(
      (e) => e.actorUserId === operatorId,
    );
    expect(refused.at(-1)).toMatchObject({ targetId: officeId, outcome: 'failure' });
    expect(await auditLog(officeId, 'office.support-session-start')).toEqual([]);
  });

  it('is granted by the owner alone, for 1 to 72 hours', async () => {
    expect((await grant(0)).statusCode).toBe(400);
    expect((await grant(73)).statusCode).toBe(400);
    const director = await memberOf(t.app, officeId, 'CASTING_DIRECTOR');
    const byDirector = await t.app.inject({
      method: 'POST',
      url: '/api/offices/current/support-access',
      headers: director.auth,
      payload: { hours: 2 },
    });
    expect(byDirector.statusCode).toBe(403);
    const res = await grant(2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().active).toBe(true);
    const hoursLeft = (Date.parse(res.json().expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(1.9);
    expect(hoursLeft).toBeLessThanOrEqual(2);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/offices/current/support-access',
      headers: owner.auth,
    });
    expect(read.json()).toEqual(res.json());
    // The operator's list says which offices grant access and until when, so the operator knows where to go.
    const listed = await t.app.inject({ method: 'GET', url: '/api/operator/offices', headers: operator });
    const office = (listed.json().items as { id: string; supportUntil: string | null }[]).find(
      (item) => item.id === officeId,
    );
    expect(office?.supportUntil).toBe(res.json().expiresAt);
    expect((await auditLog(officeId, 'office.support-access-grant')).at(-1)).toMatchObject({
      details: expect.objectContaining({ hours: 2 }),
    });
  });

  it('lets the operator work in the office as an owner while the grant lives, audited in the office', async () => {
    const res = await startSession();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().office).toEqual({
      id: officeId,
      name: 'Supported Office',
      status: 'ACTIVE',
      role: 'OWNER',
      current: true,
    });
    expect((await current(operator)).json()).toMatchObject({ id: officeId, myRole: 'OWNER' });
    const rename = await t.app.inject({
      method: 'PATCH',
      url: '/api/offices/current',
      headers: operator,
      payload: { mailSenderName: 'Supported by the operator' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect((await auditLog(officeId, 'office.support-session-start')).at(-1)).toMatchObject({
      actorUserId: operatorId,
      outcome: 'success',
    });
  });

  it('ends for the operator at once when the owner ends the grant', async () => {
    const end = await t.app.inject({
      method: 'DELETE',
      url: '/api/offices/current/support-access',
      headers: owner.auth,
    });
    expect(end.statusCode).toBe(204);
    const refused = await current(operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OFFICE_REQUIRED');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/offices/current/support-access',
      headers: owner.auth,
    });
    expect(read.json()).toEqual({ active: false, expiresAt: null });
  });

  it('ends when the grant runs out', async () => {
    await grant(1);
    expect((await startSession()).statusCode).toBe(200);
    expect((await current(operator)).statusCode).toBe(200);
    await (
      await anyOfficeDb()
    )
      .update(officeSupportGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(officeSupportGrants.officeId, officeId));
    await appsCaughtUp();
    expect((await current(operator)).statusCode).toBe(403);

    // The hourly upkeep closes the lapsed grant and writes its end to the office's log, once.
    const { db } = await appDatabase();
    expect(await closeLapsedSupportGrants(db)).toBeGreaterThanOrEqual(1);
    const lapsed = await auditLog(officeId, 'office.support-access-expired');
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]).toMatchObject({ targetType: 'office', targetId: officeId, actorUserId: null });
    await closeLapsedSupportGrants(db);
    expect(await auditLog(officeId, 'office.support-access-expired')).toHaveLength(1);
  });

  it('is closed by the operator, audited in the office, and the session leaves the office', async () => {
    await grant(1);
    expect((await startSession()).statusCode).toBe(200);
    const end = await t.app.inject({
      method: 'DELETE',
      url: `/api/operator/offices/${officeId}/support-session`,
      headers: operator,
    });
    expect(end.statusCode, end.body).toBe(204);
    expect((await current(operator)).json().code).toBe('OFFICE_REQUIRED');
    expect((await auditLog(officeId, 'office.support-session-end')).at(-1)).toMatchObject({
      actorUserId: operatorId,
      outcome: 'success',
    });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/operator/offices/${officeId}/support-session`,
      headers: operator,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OFFICE_MESSAGES.notInSupportSession);
  });

  it('is not the operator’s way in for an office owner who is not the operator', async () => {
    const other = await officeWithOwner(t.app, 'Nosy Office');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/operator/offices/${officeId}/support-session`,
      headers: other.owner.auth,
    });
    expect(res.statusCode).toBe(403);
  });
});
