import type { AddressLookup, AddressPlace } from './port';

/** Where and with which key the maps provider is asked (Google Maps Platform, or a proxy speaking its API). */
export interface GoogleMapsSettings {
  apiKey: string;
  /**
   * One base URL for both services (a proxy, or a test's loopback server); unset, each service's own Google host:
   * Places at places.googleapis.com, Geocoding at maps.googleapis.com.
   */
  apiUrl?: string;
  /** The CLDR region the suggestions are kept to and biased towards (`us`, as the product's forms are). */
  region: string;
  timeoutMs?: number;
}

/**
 * A refusal or failure of the maps provider, with its status word (`REQUEST_DENIED`, `OVER_QUERY_LIMIT`,
 * `PERMISSION_DENIED`, `RESOURCE_EXHAUSTED`, or `NO_ANSWER` when nothing came back). Never carries the key.
 */
export class MapsProviderError extends Error {
  constructor(
    readonly status: string,
    detail: string,
  ) {
    super(`The maps provider answered ${status}: ${detail}`);
    this.name = 'MapsProviderError';
  }
}

const PLACES_HOST = 'https://places.googleapis.com';
const GEOCODING_HOST = 'https://maps.googleapis.com';
const DEFAULT_TIMEOUT_MS = 5_000;
/** Each suggestion of a text search costs a geocode of its own, so a search resolves at most this many. */
export const MAX_RESOLVED_SUGGESTIONS = 5;

interface GeocodeComponent {
  long_name?: string;
  short_name?: string;
  types?: string[];
}

interface GeocodeResult {
  address_components?: GeocodeComponent[];
  geometry?: { location?: { lat?: number; lng?: number } };
}

/** The provider's words with the key cut out, should a proxy echo the request back. */
function scrubbed(text: string, key: string): string {
  return text.slice(0, 300).replaceAll(key, '…');
}

/**
 * A geocode result as the form's parts: postal code, locality (else postal town or sublocality, which some US
 * places answer instead), administrative area level 1 by its short name (the state's code), and the country's code.
 * A city's own result names no postal code, so the ZIP may be empty; a result with neither city nor postal code, or
 * without a country, is no place the form can take.
 */
export function placeOfGeocode(result: GeocodeResult): AddressPlace | null {
  const part = (type: string, name: 'long_name' | 'short_name') =>
    result.address_components?.find((component) => component.types?.includes(type))?.[name] ?? '';
  const country = part('country', 'short_name');
  const zip = part('postal_code', 'long_name');
  const city =
    part('locality', 'long_name') || part('postal_town', 'long_name') || part('sublocality', 'long_name');
  if (!country || (!zip && !city)) return null;
  const location = result.geometry?.location;
  const coordinates =
    typeof location?.lat === 'number' && typeof location.lng === 'number'
      ? { latitude: location.lat, longitude: location.lng }
      : null;
  return { zip, city, province: part('administrative_area_level_1', 'short_name'), country, coordinates };
}

/**
 * The maps provider as Google Maps Platform answers it (decision 0796): suggestions from Places Autocomplete (New)
 * (`POST /v1/places:autocomplete`, key in `X-Goog-Api-Key`, errors as `{ error: { code, status, message } }`), and
 * the parts and coordinates of a ZIP code or a suggestion from the Geocoding API (`GET /maps/api/geocode/json` with
 * `key`, answers `{ status, results }`). Every failure is a MapsProviderError; ZERO_RESULTS is an empty answer.
 */
export function createGoogleAddressLookup(settings: GoogleMapsSettings): AddressLookup {
  const base = settings.apiUrl?.replace(/\/$/, '');
  const timeout = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(url: string, init: RequestInit): Promise<{ response: Response; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeout) });
    } catch (error) {
      // A fetch error names the URL, which holds the key: only its kind is kept.
      throw new MapsProviderError('NO_ANSWER', (error as Error).name);
    }
    const body = (await response.json().catch(() => null)) as unknown;
    return { response, body };
  }

  async function geocode(params: Record<string, string>): Promise<AddressPlace[]> {
    const query = new URLSearchParams({ ...params, region: settings.region, key: settings.apiKey });
    const { response, body } = await call(`${base ?? GEOCODING_HOST}/maps/api/geocode/json?${query}`, {
      headers: { accept: 'application/json' },
    });
    const answer = body as { status?: unknown; error_message?: unknown; results?: GeocodeResult[] } | null;
    const status = typeof answer?.status === 'string' ? answer.status : `HTTP_${response.status}`;
    if (status === 'ZERO_RESULTS') return [];
    if (status !== 'OK' || !response.ok) {
      const words = typeof answer?.error_message === 'string' ? answer.error_message : response.statusText;
      throw new MapsProviderError(status, scrubbed(words, settings.apiKey));
    }
    return (answer?.results ?? []).map(placeOfGeocode).filter((place) => place !== null);
  }

  async function autocomplete(text: string): Promise<string[]> {
    const { response, body } = await call(`${base ?? PLACES_HOST}/v1/places:autocomplete`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-goog-api-key': settings.apiKey,
        'x-goog-fieldmask': 'suggestions.placePrediction.placeId',
      },
      body: JSON.stringify({
        input: text,
        includedPrimaryTypes: ['locality', 'postal_code'],
        includedRegionCodes: [settings.region],
        regionCode: settings.region,
      }),
    });
    const answer = body as {
      suggestions?: { placePrediction?: { placeId?: unknown } }[];
      error?: { status?: unknown; message?: unknown };
    } | null;
    if (!response.ok) {
      const status =
        typeof answer?.error?.status === 'string' ? answer.error.status : `HTTP_${response.status}`;
      const words = typeof answer?.error?.message === 'string' ? answer.error.message : response.statusText;
      throw new MapsProviderError(status, scrubbed(words, settings.apiKey));
    }
    return (answer?.suggestions ?? [])
      .map((suggestion) => suggestion.placePrediction?.placeId)
      .filter((id): id is string => typeof id === 'string' && id !== '');
  }

  return {
    kind: 'google',
    async byZip(zip) {
      const [place] = await geocode({
        components: `postal_code:${zip}|country:${settings.region.toUpperCase()}`,
      });
      return place ?? null;
    },
    async search(text, limit) {
      const ids = (await autocomplete(text)).slice(0, Math.min(limit, MAX_RESOLVED_SUGGESTIONS));
      const places = await Promise.all(ids.map((id) => geocode({ place_id: id })));
      // A city answers with its first postal code's parts; one suggestion per city and ZIP.
      const seen = new Set<string>();
      return places
        .map((found) => found[0])
        .filter((place): place is AddressPlace => {
          if (!place) return false;
          const key = `${place.city}|${place.province}|${place.zip}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
    },
  };
}
