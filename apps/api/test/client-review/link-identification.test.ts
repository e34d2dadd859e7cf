import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLinkViewers } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { latestCode, newestOutboxId, uniqueEmail } from '../support/identity';
import { type Cast } from '../support/projects';
import { buildLinkFixture, linkCalls, type LinkFixture } from './client-link-fixture';

// Identifying a link's viewer by a mailed code: expiry, the cap on wrong tries (also for guesses sent at once), and
// a viewer session bound to its own link.
let t: TestApp;
let cast: Cast;
let shared: LinkFixture['shared'];
const { createLink, identify, applicantsUrl } = linkCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast, shared } = await buildLinkFixture());
});
afterAll(() => t.close());

describe('viewer identification', () => {
  async function askCode(secret: string, email: string) {
    // A second code waits for its own mail, not the first one's.
    const after = await newestOutboxId(t.app, email);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v2/client-links/${secret}/identify`,
      payload: { name: 'Vera Viewer', email },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    return (await latestCode(t.app, email, { after })).code;
  }
  const verify = (secret: string, email: string, code: string) =>
    t.app.inject({ method: 'POST', url: `/api/v2/client-links/${secret}/verify`, payload: { email, code } });
  const outcome = (res: { statusCode: number; json: () => { code?: string } }) => ({
    status: res.statusCode,
    code: res.statusCode >= 400 ? res.json().code : undefined,
  });
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a code past its 15 minutes is void; asking again sends a new one that works', async () => {
    const link = await createLink({ submissionIds: [shared[0]!.id] });
    const email = uniqueEmail('late-viewer');
    const code = await askCode(link.clientLink, email);
    const { db } = await testDatabase();
    await db
      .update(clientLinkViewers)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(clientLinkViewers.linkId, link.id), eq(clientLinkViewers.email, email)));
    expect(outcome(await verify(link.clientLink, email, code))).toEqual({
      status: 400,
      code: 'CODE_EXPIRED',
    });

    const fresh = await askCode(link.clientLink, email);
    const ok = await verify(link.clientLink, email, fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    // Single use: the same code again is refused.
    expect(outcome(await verify(link.clientLink, email, fresh))).toEqual({
      status: 400,
      code: 'INVALID_CODE',
    });
  });

  it('after 5 wrong tries the code is void, even the right one; a new code works', async () => {
    const link = await createLink({ submissionIds: [shared[0]!.id] });
    const email = uniqueEmail('guesser');
    const code = await askCode(link.clientLink, email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(outcome(await verify(link.clientLink, email, wrongOf(code)))).toEqual({
        status: 400,
        code: 'INVALID_CODE',
      });
    }
    expect(outcome(await verify(link.clientLink, email, code))).toEqual({
      status: 400,
      code: 'CODE_EXPIRED',
    });
    const fresh = await askCode(link.clientLink, email);
    expect((await verify(link.clientLink, email, fresh)).statusCode).toBe(200);
  });

  it('guesses sent at the same time get no more than 5 tries between them', async () => {
    // Shows the race on real PostgreSQL (TEST_DATABASE_URL), where the guesses run on parallel connections; PGlite
    // runs one query at a time, so there it checks the count only.
    const link = await createLink({ submissionIds: [shared[0]!.id] });
    const email = uniqueEmail('burst');
    const code = await askCode(link.clientLink, email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        verify(link.clientLink, email, String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0')),
      ),
    );
    const codes = guesses.map((res) => outcome(res).code).sort();
    expect(codes.filter((c) => c === 'INVALID_CODE')).toHaveLength(5);
    expect(codes.filter((c) => c === 'CODE_EXPIRED')).toHaveLength(7);
    expect(outcome(await verify(link.clientLink, email, code))).toEqual({
      status: 400,
      code: 'CODE_EXPIRED',
    });
    const { db } = await testDatabase();
    const [row] = await db
      .select()
      .from(clientLinkViewers)
      .where(and(eq(clientLinkViewers.linkId, link.id), eq(clientLinkViewers.email, email)));
    expect(row!.codeAttempts).toBe(5);
    expect(row!.sessionDigest).toBeNull();
  });

  it('a viewer session of one link is refused on another link, even of the same project', async () => {
    const linkA = await createLink({ submissionIds: [shared[0]!.id], title: 'Link A' });
    const linkB = await createLink({ submissionIds: [shared[0]!.id], title: 'Link B' });
    const openB = await createLink({
      submissionIds: [shared[0]!.id],
      title: 'Open B',
      settings: { requireIdentification: false },
    });
    const viewer = await identify(linkA.clientLink, 'Anna of A');
    const onA = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(linkA.clientLink),
      headers: viewer.headers,
    });
    expect(onA.statusCode, onA.body).toBe(200);

    // B requires identification: A's session is no one there.
    for (const url of [
      applicantsUrl(linkB.clientLink),
      `${applicantsUrl(linkB.clientLink)}/${shared[0]!.id}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: viewer.headers });
      expect({ url, ...outcome(res) }).toEqual({ url, status: 401, code: 'VIEWER_IDENTIFICATION_REQUIRED' });
    }
    const portalB = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client-links/${linkB.clientLink}`,
      headers: viewer.headers,
    });
    expect(portalB.json()).toMatchObject({ status: 'ACTIVE', title: 'Link B', viewer: null });
    // An open link shows its candidates, but A's session cannot vote there, and nothing is recorded.
    const list = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(openB.clientLink),
      headers: viewer.headers,
    });
    expect(list.json().items[0].myFeedback).toBeNull();
    const vote = await t.app.inject({
      method: 'PUT',
      url: `${applicantsUrl(openB.clientLink)}/${shared[0]!.id}/feedback`,
      headers: viewer.headers,
      payload: { vote: 'YES' },
    });
    expect(outcome(vote)).toEqual({ status: 401, code: 'VIEWER_IDENTIFICATION_REQUIRED' });
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/client-links/${openB.id}`,
      headers: cast.headers('PO'),
    });
    expect(report.json().candidates[0].feedback).toEqual([]);
  });
});
