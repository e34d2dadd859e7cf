import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received, as the provider would have seen it. */
export interface MapsRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

interface Component {
  long_name: string;
  short_name: string;
  types: string[];
}

/** A geocode result as the Geocoding API answers it. */
export interface GeocodeResult {
  place_id: string;
  formatted_address: string;
  address_components: Component[];
  geometry: { location: { lat: number; lng: number } };
  types: string[];
}

const TEXAS: Component = {
  long_name: 'Texas',
  short_name: 'TX',
  types: ['administrative_area_level_1', 'political'],
};
const US: Component = { long_name: 'United States', short_name: 'US', types: ['country', 'political'] };
const NEW_YORK_STATE: Component = {
  long_name: 'New York',
  short_name: 'NY',
  types: ['administrative_area_level_1', 'political'],
};

/** What the server knows: two ZIP codes and a city, with coordinates unlike the built-in data set's ZIP centres. */
export const MAPS_PLACES: Record<string, GeocodeResult> = {
  'place-78701': {
    place_id: 'place-78701',
    formatted_address: 'Austin, TX 78701, USA',
    address_components: [
      { long_name: '78701', short_name: '78701', types: ['postal_code'] },
      { long_name: 'Austin', short_name: 'Austin', types: ['locality', 'political'] },
      { long_name: 'Travis County', short_name: 'Travis County', types: ['administrative_area_level_2'] },
      TEXAS,
      US,
    ],
    geometry: { location: { lat: 30.2729, lng: -97.7444 } },
    types: ['postal_code'],
  },
  'place-austin': {
    place_id: 'place-austin',
    formatted_address: 'Austin, TX, USA',
    address_components: [
      { long_name: 'Austin', short_name: 'Austin', types: ['locality', 'political'] },
      TEXAS,
      US,
    ],
    geometry: { location: { lat: 30.2672, lng: -97.7431 } },
    types: ['locality', 'political'],
  },
  'place-10001': {
    place_id: 'place-10001',
    formatted_address: 'New York, NY 10001, USA',
    address_components: [
      { long_name: '10001', short_name: '10001', types: ['postal_code'] },
      { long_name: 'Manhattan', short_name: 'Manhattan', types: ['sublocality_level_1', 'sublocality'] },
      { long_name: 'New York', short_name: 'New York', types: ['locality', 'political'] },
      NEW_YORK_STATE,
      US,
    ],
    geometry: { location: { lat: 40.7506, lng: -73.9972 } },
    types: ['postal_code'],
  },
};

export type MapsServerMode = 'ok' | 'over-limit' | 'hang-up';

/**
 * A loopback HTTP server that speaks the two Google Maps Platform services the adapter uses, as a client meets them:
 * - Geocoding API: `GET /maps/api/geocode/json` with `key` and either `components=postal_code:Z|country:C` or
 *   `place_id`; answers `{ status, results }`: OK, ZERO_RESULTS, REQUEST_DENIED (with `error_message`) for a key
 *   that is not the valid one, OVER_QUERY_LIMIT when told, INVALID_REQUEST without a query.
 * - Places API (New): `POST /v1/places:autocomplete` with the key in `X-Goog-Api-Key` and a JSON body (`input`,
 *   `includedRegionCodes`); answers `{ suggestions: [{ placePrediction: { placeId, text } }] }`, or a google.rpc
 *   error `{ error: { code, message, status } }`: 403 PERMISSION_DENIED for a bad key, 429 RESOURCE_EXHAUSTED when
 *   told.
 * `mode` switches the whole server: over its quota, or closing connections without an answer.
 */
export async function startMapsProviderServer(validKey: string) {
  const received: MapsRequest[] = [];
  const state = { mode: 'ok' as MapsServerMode, key: validKey };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };

  function geocode(res: http.ServerResponse, query: URLSearchParams) {
    if (query.get('key') !== state.key) {
      return json(res, 200, {
        status: 'REQUEST_DENIED',
        error_message: 'The provided API key is invalid. ',
        results: [],
      });
    }
    if (state.mode === 'over-limit') {
      return json(res, 200, {
        status: 'OVER_QUERY_LIMIT',
        error_message: 'You have exceeded your daily request quota for this API.',
        results: [],
      });
    }
    const placeId = query.get('place_id');
    const components = new Map(
      (query.get('components') ?? '')
        .split('|')
        .filter(Boolean)
        .map((part) => part.split(':') as [string, string]),
    );
    if (!placeId && components.size === 0) {
      return json(res, 200, { status: 'INVALID_REQUEST', error_message: 'Invalid request.', results: [] });
    }
    const found = placeId
      ? [MAPS_PLACES[placeId]].filter((place) => place !== undefined)
      : Object.values(MAPS_PLACES).filter((place) =>
          [...components].every(([type, value]) =>
            place.address_components.some(
              (part) => part.types.includes(type) && (part.short_name === value || part.long_name === value),
            ),
          ),
        );
    json(
      res,
      200,
      found.length > 0 ? { status: 'OK', results: found } : { status: 'ZERO_RESULTS', results: [] },
    );
  }

  function autocomplete(
    res: http.ServerResponse,
    req: http.IncomingMessage,
    body: Record<string, unknown> | null,
  ) {
    if (req.headers['x-goog-api-key'] !== state.key) {
      return json(res, 403, {
        error: {
          code: 403,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'PERMISSION_DENIED',
        },
      });
    }
    if (state.mode === 'over-limit') {
      return json(res, 429, {
        error: { code: 429, message: 'Quota exceeded for quota metric.', status: 'RESOURCE_EXHAUSTED' },
      });
    }
    const input = typeof body?.input === 'string' ? body.input.toLowerCase() : '';
    if (!input) {
      return json(res, 400, { error: { code: 400, message: 'Empty input.', status: 'INVALID_ARGUMENT' } });
    }
    const suggestions = Object.values(MAPS_PLACES)
      .filter((place) => place.formatted_address.toLowerCase().startsWith(input))
      .map((place) => ({
        placePrediction: {
          place: `places/${place.place_id}`,
          placeId: place.place_id,
          text: { text: place.formatted_address },
          types: place.types,
        },
      }));
    json(res, 200, suggestions.length > 0 ? { suggestions } : {});
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://maps.test');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      received.push({ path: url.pathname, query: url.searchParams, headers: req.headers, body });
      if (state.mode === 'hang-up') return req.socket.destroy();
      if (req.method === 'GET' && url.pathname === '/maps/api/geocode/json')
        return geocode(res, url.searchParams);
      if (req.method === 'POST' && url.pathname === '/v1/places:autocomplete')
        return autocomplete(res, req, body);
      json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The adapter's keep-alive connections would hold the close otherwise.
        server.closeAllConnections();
      }),
  };
}
