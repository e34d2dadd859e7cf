import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedAddressLookup, locateAddress } from '../../src/platform/address';
import { buildTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('address look-up (embedded US data set)', () => {
  it('answers a ZIP with its city and state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/lookups/addresses?zip=90210' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        zip: '90210',
        city: 'Beverly Hills',
        province: 'CA',
        country: 'US',
        label: 'Beverly Hills, CA 90210',
      },
    ]);
    // Browsers keep an answer for a day, as long as the web app's own cache of suggestions.
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('suggests cities by prefix, narrowed by state, one per city', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/lookups/addresses?q=austin,%20tx&limit=5',
    });
    const items = res.json().items as { city: string; province: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(
      items.every((item) => item.province === 'TX' && item.city.toLowerCase().startsWith('austin')),
    ).toBe(true);
    expect(new Set(items.map((item) => item.city)).size).toBe(items.length);
  });

  it('an unknown ZIP answers no suggestions; a malformed one is a 400', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/lookups/addresses?zip=00000' })).json(),
    ).toEqual({
      items: [],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/lookups/addresses?zip=12' })).statusCode,
    ).toBe(400);
  });

  it('the port searches ZIP prefixes too', async () => {
    const lookup = createEmbeddedAddressLookup();
    const found = await lookup.search('1000', 3);
    expect(found).toHaveLength(3);
    expect(found.every((place) => place.zip.startsWith('1000'))).toBe(true);
  });

  it('locates a US address at its ZIP centre, and an address abroad or without a known ZIP nowhere', async () => {
    const lookup = createEmbeddedAddressLookup();
    const beverlyHills = { latitude: 34.0901, longitude: -118.4065 };
    expect(await locateAddress(lookup, { country: 'US', zip: '90210' })).toEqual(beverlyHills);
    expect(await locateAddress(lookup, { country: null, zip: '90210-1234' })).toEqual(beverlyHills);
    expect(await locateAddress(lookup, { country: 'CA', zip: 'K1A 0B1' })).toBeNull();
    expect(await locateAddress(lookup, { country: 'US', zip: '00000' })).toBeNull();
    expect(await locateAddress(lookup, null)).toBeNull();
  });
});
