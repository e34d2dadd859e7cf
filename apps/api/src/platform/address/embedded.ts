import { createRequire } from 'node:module';
import type { AddressLookup, AddressPlace } from './port';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface Index {
  byZip: Map<string, AddressPlace>;
  /** Sorted by lower-cased city, then state, then ZIP: a prefix search is a binary search plus a short walk. */
  byCity: { key: string; place: AddressPlace }[];
  zips: string[];
}

let index: Index | undefined;

/**
 * The `zipcodes` package (BSD licence) ships the US ZIP data set (about 42,000 codes with city and state). It is
 * loaded on first use, not at start, and kept in memory (about 10 MB).
 */
function load(): Index {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const data = require('zipcodes') as { codes: Record<string, ZipRecord> };
  const places = Object.values(data.codes)
    .filter((code) => code.country === 'US' && /^\d{5}$/.test(code.zip))
    .map((code) => ({
      zip: code.zip,
      city: code.city,
      province: code.state,
      country: 'US',
      coordinates: Number.isFinite(code.latitude + code.longitude)
        ? { latitude: code.latitude, longitude: code.longitude }
        : null,
    }));
  const byCity = places
    .map((place) => ({
      key: `${place.city.toLowerCase()}|${place.province.toLowerCase()}|${place.zip}`,
      place,
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  index = {
    byZip: new Map(places.map((place) => [place.zip, place])),
    byCity,
    zips: places.map((place) => place.zip).sort(),
  };
  return index;
}

function lowerBound(keys: { key: string }[] | string[], prefix: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    const entry = keys[mid]!;
    const key = typeof entry === 'string' ? entry : entry.key;
    if (key < prefix) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The embedded default: no network, answers from the shipped data set. */
export function createEmbeddedAddressLookup(): AddressLookup {
  return {
    kind: 'embedded',
    async byZip(zip) {
      return load().byZip.get(zip) ?? null;
    },
    async search(text, limit) {
      const { byCity, zips, byZip } = load();
      const query = text.trim().toLowerCase();
      if (query === '') return [];
      if (/^\d{1,5}$/.test(query)) {
        const start = lowerBound(zips, query);
        const found: AddressPlace[] = [];
        for (let i = start; i < zips.length && found.length < limit && zips[i]!.startsWith(query); i += 1) {
          found.push(byZip.get(zips[i]!)!);
        }
        return found;
      }
      // "Austin, TX" narrows to a state; one suggestion per city and state, with its first ZIP.
      const [cityPart, statePart] = query.split(',').map((part) => part.trim());
      const prefix = cityPart ?? '';
      const found: AddressPlace[] = [];
      const seen = new Set<string>();
      for (let i = lowerBound(byCity, prefix); i < byCity.length && found.length < limit; i += 1) {
        const entry = byCity[i]!;
        if (!entry.key.startsWith(prefix)) break;
        if (statePart && !entry.place.province.toLowerCase().startsWith(statePart)) continue;
        const cityKey = `${entry.place.city}|${entry.place.province}`;
        if (seen.has(cityKey)) continue;
        seen.add(cityKey);
        found.push(entry.place);
      }
      return found;
    },
  };
}
