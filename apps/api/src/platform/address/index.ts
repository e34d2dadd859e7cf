import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../db/client';
import { createEmbeddedAddressLookup } from './embedded';
import { createGoogleAddressLookup } from './google';
import { createMapsAddressLookup } from './maps';
import type { AddressLookup, Coordinates } from './port';

export type { AddressLookup, AddressPlace, Coordinates } from './port';
export { createEmbeddedAddressLookup } from './embedded';
export { createGoogleAddressLookup, MapsProviderError } from './google';
export { createMapsAddressLookup, MAPS_BUDGET_KEY } from './maps';

/** The configured look-up: the maps provider when MAPS_PROVIDER names one, else the built-in data set. */
export function createAddressLookup(
  config: Pick<
    Config,
    'MAPS_PROVIDER' | 'MAPS_API_KEY' | 'MAPS_API_URL' | 'MAPS_REGION' | 'MAPS_DAILY_REQUESTS'
  >,
  db: Db,
  log: FastifyBaseLogger,
): AddressLookup {
  const embedded = createEmbeddedAddressLookup();
  if (config.MAPS_PROVIDER !== 'google' || !config.MAPS_API_KEY) return embedded;
  return createMapsAddressLookup({
    provider: createGoogleAddressLookup({
      apiKey: config.MAPS_API_KEY,
      apiUrl: config.MAPS_API_URL,
      region: config.MAPS_REGION,
    }),
    fallback: embedded,
    db,
    log,
    dailyRequests: config.MAPS_DAILY_REQUESTS,
  });
}

/**
 * Where an address is, for the distance filter (decision 0798): the geocode of its US ZIP code (the provider's
 * answer, else the built-in data set's ZIP centre). An address outside the United States, without a ZIP, or whose
 * ZIP nobody knows has no coordinates (null): it is kept as typed and a distance filter never counts it as near.
 */
export async function locateAddress(
  lookup: AddressLookup,
  address: { country?: string | null; zip?: string | null } | null | undefined,
): Promise<Coordinates | null> {
  // ZIP+4 is located by its five-digit ZIP.
  const zip = /^(\d{5})(-\d{4})?$/.exec(address?.zip?.trim() ?? '')?.[1];
  if ((address?.country ?? 'US') !== 'US' || !zip) return null;
  return (await lookup.byZip(zip))?.coordinates ?? null;
}
