import { Writable } from 'node:stream';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MESSAGES } from '@casting/domain';
import { MAPS_BUDGET_KEY } from '../../src/platform/address';
import { applicants, authRateLimits } from '../../src/platform/db/schema';
import { createLogger } from '../../src/platform/log';
import { PUBLIC_QUOTAS } from '../../src/platform/http/public-quota';
import { buildTestApp, type TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { startMapsProviderServer } from '../support/maps-provider-server';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { applyBody, createLinks, queuedMailsTo, tokenOf } from '../links/helpers';
import { privateTokenFrom } from '../links/links-fixture';

// The address look-up with a maps provider configured (Google's Places Autocomplete and Geocoding), against a
// loopback server speaking their contract: suggestions and geocodes through the public route, a day's cache, the
// built-in data answering when the provider refuses or is over budget, the key kept out of logs, and applicants'
// coordinates from the geocode. Without a provider the built-in data answers (addresses.test.ts).
const KEY = 'AIzaSy-test-key-0123456789abcdef';
const DAILY = 40;
let maps: Awaited<ReturnType<typeof startMapsProviderServer>>;
let t: TestApp;
let cast: Cast;
let role: { id: string };
const logLines: string[] = [];

const lookup = (query: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/users/lookups/addresses?${query}`, remoteAddress });
const asked = (path: string) => maps.received.filter((request) => request.path === path).length;
const GEOCODE = '/maps/api/geocode/json';
const AUTOCOMPLETE = '/v1/places:autocomplete';

async function setBudgetUsed(hits: number) {
  const { db } = await testDatabase();
  await db.delete(authRateLimits).where(eq(authRateLimits.key, MAPS_BUDGET_KEY));
  if (hits > 0)
    await db.insert(authRateLimits).values({ key: MAPS_BUDGET_KEY, hits, windowStartedAt: new Date() });
}

beforeAll(async () => {
  maps = await startMapsProviderServer(KEY);
  await setBudgetUsed(0);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await buildTestApp({
    env: {
      MAPS_PROVIDER: 'google',
      MAPS_API_KEY: KEY,
      MAPS_API_URL: maps.url,
      MAPS_DAILY_REQUESTS: String(DAILY),
    },
    log: createLogger('warn', sink),
  });
  cast = await buildCast(t.app);
  role = await buildRole(cast.project, { name: 'Lead' });
});
afterAll(async () => {
  await t.close();
  await maps.close();
  await setBudgetUsed(0);
});

describe('address look-up through the maps provider', () => {
  it('geocodes a ZIP to its city, state and country, asking once a day per ZIP', async () => {
    const res = await lookup('zip=78701');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { zip: '78701', city: 'Austin', province: 'TX', country: 'US', label: 'Austin, TX 78701' },
    ]);
    const [request] = maps.received;
    expect(request?.path).toBe(GEOCODE);
    expect(Object.fromEntries(request!.query)).toEqual({
      components: 'postal_code:78701|country:US',
      region: 'us',
      key: KEY,
    });
    // The same ZIP again, from anyone, is answered from the server's cache.
    expect((await lookup('zip=78701', '198.51.100.4')).json().items).toHaveLength(1);
    expect(asked(GEOCODE)).toBe(1);
    // An answer naming a sublocality (Manhattan) as well as the locality takes the locality.
    expect((await lookup('zip=10001')).json().items[0]).toMatchObject({ city: 'New York', province: 'NY' });
  });

  it('autocompletes text in the US region, geocoding each suggestion; nothing found is an empty answer', async () => {
    const before = maps.received.length;
    const res = await lookup('q=Aus&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { zip: '78701', city: 'Austin', province: 'TX', country: 'US', label: 'Austin, TX 78701' },
      { zip: '', city: 'Austin', province: 'TX', country: 'US', label: 'Austin, TX' },
    ]);
    const calls = maps.received.slice(before);
    expect(calls[0]).toMatchObject({
      path: AUTOCOMPLETE,
      body: { input: 'aus', includedRegionCodes: ['us'], regionCode: 'us' },
    });
    expect(calls[0]!.headers['x-goog-api-key']).toBe(KEY);
    expect(
      calls
        .slice(1)
        .map((call) => call.query.get('place_id'))
        .sort(),
    ).toEqual(['place-78701', 'place-austin']);
    // ZERO_RESULTS and an empty autocomplete are answers, not failures: nothing suggested, nothing logged.
    expect((await lookup('zip=60601')).json()).toEqual({ items: [] });
    expect((await lookup('q=zzz')).json()).toEqual({ items: [] });
    expect(logLines.join('')).not.toContain('maps provider failed');
  });

  it('answers from the built-in data when the provider refuses or does not answer, logging it without the key', async () => {
    maps.state.mode = 'over-limit';
    const zip = await lookup('zip=90210');
    expect(zip.statusCode).toBe(200);
    expect(zip.json().items).toEqual([
      {
        zip: '90210',
        city: 'Beverly Hills',
        province: 'CA',
        country: 'US',
        label: 'Beverly Hills, CA 90210',
      },
    ]);
    const text = await lookup('q=boston,%20ma&limit=3');
    expect(text.statusCode).toBe(200);
    expect(text.json().items[0]).toMatchObject({ city: 'Boston', province: 'MA' });

    maps.state.mode = 'ok';
    maps.state.key = 'a-rotated-key';
    expect((await lookup('zip=02139')).json().items[0]).toMatchObject({ city: 'Cambridge', province: 'MA' });
    maps.state.mode = 'hang-up';
    expect((await lookup('zip=94103')).json().items[0]).toMatchObject({ city: 'San Francisco' });

    const logged = logLines.join('');
    for (const status of ['OVER_QUERY_LIMIT', 'RESOURCE_EXHAUSTED', 'REQUEST_DENIED', 'NO_ANSWER']) {
      expect(logged).toContain(status);
    }
    expect(logged).not.toContain(KEY);
    // A line written while a request is served carries that request's id, as its answer's header names it.
    const warnings = logged
      .split('\n')
      .filter((line) => line.includes('OVER_QUERY_LIMIT'))
      .map((line) => JSON.parse(line) as { reqId?: string });
    expect(warnings.map((line) => line.reqId)).toContain(zip.headers['x-request-id']);

    // Failures are not kept: once the provider answers again, so does the look-up.
    maps.state.mode = 'ok';
    maps.state.key = KEY;
    const before = asked(GEOCODE);
    expect((await lookup('zip=02139')).json()).toEqual({ items: [] });
    expect(asked(GEOCODE)).toBe(before + 1);
  });

  it('spends at most the daily budget on the provider, and holds one address to its own quota', async () => {
    await setBudgetUsed(DAILY);
    const before = maps.received.length;
    expect((await lookup('zip=10002')).json().items[0]).toMatchObject({ city: 'New York', province: 'NY' });
    expect(maps.received.length).toBe(before);
    expect(logLines.join('')).toContain('daily request budget spent');
    await setBudgetUsed(0);

    const { db } = await testDatabase();
    const stranger = '203.0.113.77';
    await db.insert(authRateLimits).values({
      key: `public:addressLookup:${stranger}`,
      hits: PUBLIC_QUOTAS.addressLookup.max,
      windowStartedAt: new Date(),
    });
    const refused = await lookup('zip=73301', stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(LINK_MESSAGES.tooManyRequests);
    expect(maps.received.length).toBe(before);
    await db.delete(authRateLimits).where(like(authRateLimits.key, `public:addressLookup:${stranger}`));
  });

  it("stores where an applicant's address is: the provider's geocode of its ZIP, none outside the US", async () => {
    const { db } = await testDatabase();
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, { roleIds: [role.id] });
    const token = tokenOf(link!.link);
    const email = `maps-${Date.now()}@example.com`;
    const apply = (address: Record<string, string>, from = email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/applicants/standalone',
        payload: applyBody(token, { address, email: from }),
      });
    const coordinatesOf = async (applicantId: string) =>
      (
        await db
          .select({ latitude: applicants.latitude, longitude: applicants.longitude })
          .from(applicants)
          .where(eq(applicants.id, applicantId))
      )[0];

    const inAustin = await apply({ country: 'US', zip: '78701', city: 'Austin', province: 'TX' });
    expect(inAustin.statusCode, inAustin.body).toBe(201);
    expect(await coordinatesOf(inAustin.json().applicantId)).toEqual({
      latitude: 30.2729,
      longitude: -97.7444,
    });
    // Moving through the private link moves the point; clearing the address clears it.
    const [mail] = await queuedMailsTo(email);
    const update = (address: Record<string, string> | null) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v2/applicants/standalone/${inAustin.json().applicantId}`,
        payload: { accessToken: privateTokenFrom(mail!.text), address },
      });
    const moved = await update({ country: 'US', zip: '10001', city: 'New York', province: 'NY' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await coordinatesOf(inAustin.json().applicantId)).toEqual({
      latitude: 40.7506,
      longitude: -73.9972,
    });
    expect((await update(null)).statusCode).toBe(200);
    expect(await coordinatesOf(inAustin.json().applicantId)).toEqual({ latitude: null, longitude: null });

    const abroad = await apply(
      { country: 'CA', zip: 'K1A 0B1', city: 'Ottawa', province: 'ON' },
      `abroad-${email}`,
    );
    expect(abroad.statusCode).toBe(201);
    expect(await coordinatesOf(abroad.json().applicantId)).toEqual({ latitude: null, longitude: null });

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/projects/admin/applicants',
      headers: cast.headers('PO'),
      payload: {
        projectId: cast.project.id,
        roleId: role.id,
        firstName: 'Nia',
        lastName: 'Added',
        address: { country: 'US', zip: '10001', city: 'New York', province: 'NY' },
      },
    });
    expect(added.statusCode).toBe(201);
    expect(await coordinatesOf(added.json().applicantId)).toEqual({ latitude: 40.7506, longitude: -73.9972 });
  });
});
