import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { CACHE_MS } from '@casting/domain';
import type { Db } from '../db/client';
import { consumeQuota } from '../db/quota';
import { MAX_RESOLVED_SUGGESTIONS, MapsProviderError } from './google';
import type { AddressLookup, AddressPlace } from './port';

export interface MapsLookupOptions {
  provider: AddressLookup;
  /** What answers when the provider fails or its daily budget is spent: the built-in data set. */
  fallback: AddressLookup;
  db: Db;
  log: FastifyBaseLogger;
  /** Provider requests the whole installation may make in a day (each geocode and each autocomplete counts one). */
  dailyRequests: number;
  /** Answers kept in memory; each is a few hundred bytes. */
  cacheEntries?: number;
}

/** The installation's provider budget lives in the quota table, so it holds across API instances and restarts. */
export const MAPS_BUDGET_KEY = 'maps:provider-requests';

/**
 * The maps provider as the app uses it (decision 0797): answers are kept a day per input (the spec's address cache,
 * 86400 s), in memory and bounded; the provider is asked only within the installation's daily budget of requests,
 * so strangers on the public apply pages cannot run up the key's bill beyond it; and when the provider refuses
 * (bad key, quota), times out or is over budget, the built-in data answers instead, so the form keeps its
 * suggestions. Failures are logged by the provider's status word, never with the key, and are not cached.
 */
export function createMapsAddressLookup(options: MapsLookupOptions): AddressLookup {
  const { provider, fallback, db, log } = options;
  const cache = new LRUCache<string, { places: AddressPlace[] }>({
    max: options.cacheEntries ?? 10_000,
    ttl: CACHE_MS.addressAutocomplete,
  });
  let overBudget = false;

  async function withinBudget(cost: number): Promise<boolean> {
    const allowed = await consumeQuota(
      db,
      { key: MAPS_BUDGET_KEY, max: options.dailyRequests, windowSeconds: 86_400 },
      cost,
    );
    if (!allowed && !overBudget) {
      log.warn(
        { provider: provider.kind, dailyRequests: options.dailyRequests },
        'maps provider: daily request budget spent; built-in address data answers until the day is over',
      );
    }
    overBudget = !allowed;
    return allowed;
  }

  async function answer(
    key: string,
    cost: number,
    ask: (lookup: AddressLookup) => Promise<AddressPlace[]>,
  ): Promise<AddressPlace[]> {
    const kept = cache.get(key);
    if (kept) return kept.places;
    if (!(await withinBudget(cost))) return ask(fallback);
    try {
      const places = await ask(provider);
      cache.set(key, { places });
      return places;
    } catch (error) {
      const status = error instanceof MapsProviderError ? error.status : 'FAILED';
      const detail = error instanceof MapsProviderError ? error.message : (error as Error).name;
      log.warn(
        { provider: provider.kind, status, detail },
        'maps provider failed; built-in address data answers',
      );
      return ask(fallback);
    }
  }

  return {
    kind: provider.kind,
    async byZip(zip) {
      const [place] = await answer(`zip:${zip}`, 1, async (lookup) => {
        const found = await lookup.byZip(zip);
        return found ? [found] : [];
      });
      return place ?? null;
    },
    async search(text, limit) {
      const query = text.trim().toLowerCase();
      const cost = 1 + Math.min(limit, MAX_RESOLVED_SUGGESTIONS);
      return answer(`search:${limit}:${query}`, cost, (lookup) => lookup.search(query, limit));
    },
  };
}
